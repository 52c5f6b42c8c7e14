#!/bin/sh
# The image's start: publish this release's hashed assets into the folder every app shares
# (SHARED_ASSETS_DIR, a volume in deploy/compose.yaml), so pages the other release rendered keep
# finding theirs during a rolling update; keep the assets of the newest KEEP_RELEASES (5) releases
# that started here; then become the server (exec: signals reach it directly).
set -eu
if [ -n "${SHARED_ASSETS_DIR:-}" ]; then
  manifests="$SHARED_ASSETS_DIR/.releases"
  mkdir -p "$manifests"
  cp -R -n build/client/assets/. "$SHARED_ASSETS_DIR/"
  (cd build/client/assets && find . -type f | sort) > "$manifests/${SITE_RELEASE:-local}"
  touch "$manifests/${SITE_RELEASE:-local}"
  wanted=$(ls -1t "$manifests" | head -n "${KEEP_RELEASES:-5}" | sed "s|^|$manifests/|" | xargs cat | sort -u)
  (cd "$SHARED_ASSETS_DIR" && find . -path ./.releases -prune -o -type f -print | sort) |
    comm -23 - "$(printf '%s\n' "$wanted" > "$manifests/.wanted" && echo "$manifests/.wanted")" |
    while read -r f; do rm -f "$SHARED_ASSETS_DIR/$f"; done
  ls -1t "$manifests" | tail -n "+$((${KEEP_RELEASES:-5} + 1))" | while read -r old; do rm -f "$manifests/$old"; done
fi
exec node build/node/index.js
