#!/bin/sh
# palpanel off-site copy with restic (docs/backups.md, "Off-site copies"): an encrypted, deduplicated
# repository, local or remote (sftp:, s3:, b2:, rest:, rclone:).
#
#   SERVICE_BACKUP_COPY_COMMAND=/usr/local/lib/palpanel/restic.sh
#   RESTIC_REPOSITORY=sftp:backup@nas.example:/srv/restic/palworld   # made once with `restic init`
#   RESTIC_PASSWORD_FILE=/etc/palpanel/restic-password
#   RESTIC_CACHE_DIR=/var/lib/palpanel/restic-cache                  # a folder palpanel may write
#
# palpanel runs it after each backup with the archive in PALPANEL_BACKUP_PATH (and its id,
# trigger, size and SHA-256 in PALPANEL_BACKUP_ID, _TRIGGER, _SIZE, _SHA256). Each archive becomes
# one snapshot tagged `palpanel`, `trigger:<trigger>` and `sha256:<hash>`, holding the file
# `<id>.tar.gz` at its root. restic checks what it stores itself; forgetting old snapshots
# (`restic forget --tag palpanel --keep-daily 14 --prune`) is left to the host's own schedule.
# Exit 0: stored; anything else: palpanel keeps the backup `failed` and retries.
set -eu

: "${PALPANEL_BACKUP_PATH:?is set by palpanel: run this as SERVICE_BACKUP_COPY_COMMAND}"
: "${PALPANEL_BACKUP_TRIGGER:?is set by palpanel}"
: "${PALPANEL_BACKUP_SHA256:?is set by palpanel}"
: "${RESTIC_REPOSITORY:?must name the restic repository (made once with restic init)}"
if [ -z "${RESTIC_PASSWORD_FILE:-}${RESTIC_PASSWORD:-}${RESTIC_PASSWORD_COMMAND:-}" ]; then
  echo "restic.sh: set RESTIC_PASSWORD_FILE (or RESTIC_PASSWORD_COMMAND) to the repository's password" >&2
  exit 2
fi

# From the backup folder, so the snapshot holds `<id>.tar.gz` and not palpanel's folders.
cd "$(dirname "$PALPANEL_BACKUP_PATH")"
restic backup \
  --host "${PALPANEL_RESTIC_HOST:-palpanel}" \
  --tag palpanel \
  --tag "trigger:$PALPANEL_BACKUP_TRIGGER" \
  --tag "sha256:$PALPANEL_BACKUP_SHA256" \
  "$(basename "$PALPANEL_BACKUP_PATH")"
