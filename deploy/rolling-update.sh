#!/usr/bin/env bash
# A release (and the first start) of the compose stack without a moment when no instance answers:
# build the release's image once, then replace one app at a time, waiting until the new one is
# ready (/readyz) before the next is stopped. nginx sends requests to whichever app answers, and an
# app that gets SIGTERM finishes the requests in flight before it exits.
#
#   cd deploy && ./rolling-update.sh            # SITE_RELEASE defaults to the checked-out commit
#
# Never `docker compose up -d --build`: it recreates both apps at the same moment.
set -euo pipefail
cd "$(dirname "$0")"

export SITE_RELEASE="${SITE_RELEASE:-$(git rev-parse --short=12 HEAD)}"
READY_TIMEOUT="${READY_TIMEOUT:-180}"
compose() { docker compose "$@"; }

echo "Release ${SITE_RELEASE}: building the image once (northfield-site:${SITE_RELEASE})"
compose build app1

# what the apps need, started (or left as they are) first; nginx does not wait for the apps
compose up -d --no-recreate postgres redis minio
compose up -d bucket
compose up -d --no-recreate nginx

wait_ready() {
  local app="$1" deadline=$((SECONDS + READY_TIMEOUT))
  until compose exec -T "$app" node -e \
    "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))" \
    >/dev/null 2>&1; do
    if ((SECONDS > deadline)); then
      echo "${app} is not ready after ${READY_TIMEOUT} s; the other app keeps serving. Logs: docker compose logs ${app}" >&2
      exit 1
    fi
    sleep 2
  done
}

for app in app1 app2; do
  echo "Replacing ${app}"
  compose up -d --no-deps --no-build --force-recreate "$app"
  wait_ready "$app"
  echo "${app} is ready on release ${SITE_RELEASE}"
done
