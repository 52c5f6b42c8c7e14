#!/usr/bin/env bash
# One backup of the website, then retention: the newest BACKUP_KEEP_DAILY days (7) in daily/ and
# the newest BACKUP_KEEP_WEEKLY Sundays (4) in weekly/. Run once a day by the systemd timer
# (deploy/systemd/northfield-site-backup.timer) or the compose stack's `backup` service.
#
#   BACKUP_DIR     where backups go (required); copy it off the machine too
#   DATABASE_URL   PostgreSQL: pg_dump --format=custom, restored with pg_restore (docs/operations.md)
#   DATA_DIR       the embedded database (without DATABASE_URL): npm run db:backup, run in APP_DIR;
#                  and the document files when they are on disk (no S3_BUCKET)
#   S3_BUCKET      documents in a bucket: not copied here (the bucket keeps versions; compose mirrors it)
#   BACKUP_DATE    YYYY-MM-DD, for tests: the day this backup counts as
set -euo pipefail
umask 077

: "${BACKUP_DIR:?set BACKUP_DIR}"
keep_daily="${BACKUP_KEEP_DAILY:-7}"
keep_weekly="${BACKUP_KEEP_WEEKLY:-4}"
day="${BACKUP_DATE:-$(date -u +%F)}"
app_dir="${APP_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}"
daily="$BACKUP_DIR/daily"
weekly="$BACKUP_DIR/weekly"
mkdir -p "$daily" "$weekly"
base="$daily/site-$day"

# each file is written beside its final name and renamed when complete: a half-written backup never
# looks like a good one
if [ -n "${DATABASE_URL:-}" ]; then
  pg_dump --format=custom --no-owner --file="$base.dump.partial" "$DATABASE_URL"
  mv "$base.dump.partial" "$base.dump"
else
  : "${DATA_DIR:?set DATA_DIR (the embedded database) or DATABASE_URL}"
  (cd "$app_dir" && npm run --silent db:backup -- "$base.pglite.tar.gz.partial")
  mv "$base.pglite.tar.gz.partial" "$base.pglite.tar.gz"
fi
if [ -z "${S3_BUCKET:-}" ] && [ -n "${DATA_DIR:-}" ] && [ -d "$DATA_DIR/documents" ]; then
  tar -C "$DATA_DIR" -czf "$base.documents.tar.gz.partial" documents
  mv "$base.documents.tar.gz.partial" "$base.documents.tar.gz"
fi

# Sunday's backup is also a weekly one (a hard link when the file system allows: no second copy)
if [ "$(date -u -d "$day" +%u)" = 7 ]; then
  for f in "$base".*; do ln -f "$f" "$weekly/" 2>/dev/null || cp -p "$f" "$weekly/"; done
fi

# keep the newest N days of a folder (a day's files go together)
prune() {
  local dir="$1" keep="$2"
  find "$dir" -maxdepth 1 -name 'site-*.partial' -mmin +60 -delete
  find "$dir" -maxdepth 1 -name 'site-*' ! -name '*.partial' -printf '%f\n' |
    sed -E 's/^site-([0-9]{4}-[0-9]{2}-[0-9]{2}).*/\1/' | sort -u | head -n "-$keep" |
    while read -r old; do rm -f "$dir/site-$old".*; done
}
prune "$daily" "$keep_daily"
prune "$weekly" "$keep_weekly"
echo "backup site-$day written to $daily"
