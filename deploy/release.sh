#!/usr/bin/env bash
# Releases on a machine without ever breaking the running site (docs/operations.md, Releases).
# Each release is built in a folder of its own; `current` points at the live one and is switched in
# one rename; the hashed assets of the kept releases are served from one shared folder, so a page
# an older release rendered (in a browser, or in nginx's cache) still finds its scripts and styles.
#
#   SITE_HOME/repo            a clone of the site's repository (git fetch before a release)
#   SITE_HOME/releases/<id>   one folder per release: <UTC time>-<commit>
#   SITE_HOME/current         -> releases/<id>, the unit's WorkingDirectory
#   SITE_HOME/shared/assets   SHARED_ASSETS_DIR: every kept release's build/client/assets
#
#   deploy/release.sh deploy <git-rev>   build, activate, restart, prune (the usual command)
#   deploy/release.sh build <git-rev>    build a release folder; the live site is not touched
#   deploy/release.sh activate <dir>     publish its assets, then point `current` at it
#   deploy/release.sh restart            restart the instance on this machine, wait for /readyz
#   deploy/release.sh prune              keep the newest KEEP_RELEASES (5) releases and their assets
#
# With two machines, run `deploy` on one, then on the other: one instance restarts at a time, and
# SIGTERM drains it (it stops accepting, finishes what is in flight; nginx retries on the other).
set -euo pipefail

SITE_HOME="${SITE_HOME:-/srv/northfield-site}"
REPO="${SITE_REPO:-$SITE_HOME/repo}"
KEEP_RELEASES="${KEEP_RELEASES:-5}"
UNIT="${SITE_UNIT:-northfield-site}"
PORT="${PORT:-3000}"
releases="$SITE_HOME/releases"
assets="$SITE_HOME/shared/assets"

build() {
  local rev="$1" commit id dir
  commit="$(git -C "$REPO" rev-parse --short=12 "$rev^{commit}")"
  id="$(date -u +%Y%m%d%H%M%S)-$commit"
  dir="$releases/$id"
  mkdir -p "$dir"
  git -C "$REPO" archive "$commit" | tar -x -C "$dir"
  # everything the build needs is a production dependency (docs/operations.md)
  (cd "$dir" && npm ci --omit=dev --no-audit --no-fund && npm run build) >&2
  echo "$dir"
}

activate() {
  local dir
  dir="$(cd "$1" && pwd)"
  [ -f "$dir/build/node/index.js" ] || { echo "$dir is not a built release (no build/node/index.js)" >&2; exit 1; }
  mkdir -p "$assets"
  # hashed names never change content: an existing file is never overwritten
  if [ -d "$dir/build/client/assets" ]; then cp -R -n "$dir/build/client/assets/." "$assets/"; fi
  ln -sfn "$dir" "$SITE_HOME/current.next"
  mv -T "$SITE_HOME/current.next" "$SITE_HOME/current"
  echo "current -> $dir"
}

restart() {
  systemctl restart "$UNIT"
  local deadline=$((SECONDS + 120))
  until curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1; do
    if ((SECONDS > deadline)); then
      echo "$UNIT is not ready after 120 s: journalctl -u $UNIT; to go back, activate the previous release" >&2
      exit 1
    fi
    sleep 1
  done
}

prune() {
  [ -d "$releases" ] || return 0
  local live keep=() all old
  live="$(readlink -f "$SITE_HOME/current" 2>/dev/null || true)"
  mapfile -t all < <(find "$releases" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)
  local count=${#all[@]}
  for ((i = 0; i < count; i++)); do
    old="$releases/${all[$i]}"
    if ((i >= count - KEEP_RELEASES)) || [ "$old" = "$live" ]; then keep+=("$old"); else rm -rf "$old"; fi
  done
  [ -d "$assets" ] || return 0
  # an asset stays while any kept release has it
  local wanted
  wanted="$(for r in "${keep[@]}"; do [ -d "$r/build/client/assets" ] && (cd "$r/build/client/assets" && find . -type f); done | sort -u)"
  (cd "$assets" && find . -type f) | sort | comm -23 - <(printf '%s\n' "$wanted") | while read -r f; do rm -f "$assets/$f"; done
  find "$assets" -mindepth 1 -type d -empty -delete
}

case "${1:-}" in
  build) build "${2:?deploy/release.sh build <git-rev>}" ;;
  activate) activate "${2:?deploy/release.sh activate <release folder>}" ;;
  restart) restart ;;
  prune) prune ;;
  deploy)
    dir="$(build "${2:?deploy/release.sh deploy <git-rev>}")"
    activate "$dir"
    restart
    prune
    ;;
  *)
    sed -n '2,19p' "$0" >&2
    exit 2
    ;;
esac
