#!/bin/sh
# palpanel off-site copy with rclone (docs/backups.md, "Off-site copies"): any rclone remote, such as S3,
# Backblaze B2, SFTP, WebDAV, or a mounted drive (a plain folder path works as a remote too).
#
#   SERVICE_BACKUP_COPY_COMMAND=/usr/local/lib/palpanel/rclone.sh
#   PALPANEL_RCLONE_REMOTE=offsite:palworld-backups   # the remote (from `rclone config`) and folder
#   RCLONE_CONFIG=/etc/palpanel/rclone.conf           # where that remote is described
#
# palpanel runs it after each backup with the archive in PALPANEL_BACKUP_PATH (and its id,
# trigger, size and SHA-256 in PALPANEL_BACKUP_ID, _TRIGGER, _SIZE, _SHA256). It uploads the
# archive and a `<id>.tar.gz.sha256` beside it, then checks what arrived: the remote's SHA-256
# when it has one, else the size (PALPANEL_RCLONE_VERIFY=download reads the copy back and hashes
# it instead). Any rclone flag can be set as an RCLONE_* variable, e.g. RCLONE_BWLIMIT=4M.
# Exit 0: copied and checked; anything else: palpanel keeps the backup `failed` and retries.
set -eu

: "${PALPANEL_BACKUP_PATH:?is set by palpanel: run this as SERVICE_BACKUP_COPY_COMMAND}"
: "${PALPANEL_BACKUP_SHA256:?is set by palpanel}"
: "${PALPANEL_BACKUP_SIZE:?is set by palpanel}"
: "${PALPANEL_RCLONE_REMOTE:?must name the rclone remote and folder, e.g. offsite:palworld-backups}"

name=$(basename "$PALPANEL_BACKUP_PATH")
case "$PALPANEL_RCLONE_REMOTE" in
  *: | */) dest="$PALPANEL_RCLONE_REMOTE$name" ;;
  *) dest="$PALPANEL_RCLONE_REMOTE/$name" ;;
esac

rclone copyto "$PALPANEL_BACKUP_PATH" "$dest"

# What arrived: its SHA-256 where the remote keeps one (or reads it back when asked to).
got=$(rclone hashsum sha256 "$dest" 2>/dev/null | awk '{print $1}') || got=""
case "$got" in *[!0-9a-f]* | "") got="" ;; esac
if [ -z "$got" ] && [ "${PALPANEL_RCLONE_VERIFY:-}" = download ]; then
  got=$(rclone hashsum sha256 --download "$dest" | awk '{print $1}')
fi
if [ -n "$got" ]; then
  if [ "$got" != "$PALPANEL_BACKUP_SHA256" ]; then
    echo "rclone.sh: $dest has SHA-256 $got, the backup $PALPANEL_BACKUP_SHA256" >&2
    exit 1
  fi
  checked="SHA-256 $got"
else
  size=$(rclone lsf --format s "$dest")
  if [ "$size" != "$PALPANEL_BACKUP_SIZE" ]; then
    echo "rclone.sh: $dest has $size bytes, the backup $PALPANEL_BACKUP_SIZE" >&2
    exit 1
  fi
  checked="size $size bytes (the remote keeps no SHA-256)"
fi

# The checksum beside it, so a copy fetched back can be checked with `sha256sum -c`.
printf '%s  %s\n' "$PALPANEL_BACKUP_SHA256" "$name" | rclone rcat "$dest.sha256"
echo "rclone.sh: copied $name to $dest; checked: $checked"
