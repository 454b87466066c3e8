#!/bin/sh
# palpanel off-site copy with the AWS command line (docs/backups.md, "Off-site copies"): an S3 bucket, or
# any S3-compatible store through AWS_ENDPOINT_URL.
#
#   SERVICE_BACKUP_COPY_COMMAND=/usr/local/lib/palpanel/aws-s3.sh
#   PALPANEL_S3_URI=s3://my-bucket/palworld-backups
#   AWS_SHARED_CREDENTIALS_FILE=/etc/palpanel/aws-credentials   # or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY
#   AWS_DEFAULT_REGION=eu-central-1
#
# palpanel runs it after each backup with the archive in PALPANEL_BACKUP_PATH (and its id,
# trigger, size and SHA-256 in PALPANEL_BACKUP_ID, _TRIGGER, _SIZE, _SHA256). It uploads the
# archive with its SHA-256 as object metadata (`x-amz-meta-sha256`) and a `<id>.tar.gz.sha256`
# beside it, then checks the stored object's size. Lifecycle rules on the bucket (expire after N
# days, move to Glacier) are the usual way to keep the bucket bounded.
# Exit 0: copied and checked; anything else: palpanel keeps the backup `failed` and retries.
set -eu

: "${PALPANEL_BACKUP_PATH:?is set by palpanel: run this as SERVICE_BACKUP_COPY_COMMAND}"
: "${PALPANEL_BACKUP_SHA256:?is set by palpanel}"
: "${PALPANEL_BACKUP_SIZE:?is set by palpanel}"
: "${PALPANEL_S3_URI:?must name the bucket and prefix, e.g. s3://my-bucket/palworld-backups}"

name=$(basename "$PALPANEL_BACKUP_PATH")
dest="${PALPANEL_S3_URI%/}/$name"

aws s3 cp --only-show-errors --metadata "sha256=$PALPANEL_BACKUP_SHA256" "$PALPANEL_BACKUP_PATH" "$dest"

# What arrived: `aws s3 ls` prints date, time, size and name of the object.
size=$(aws s3 ls "$dest" | awk -v n="$name" '$4 == n {print $3}')
if [ "$size" != "$PALPANEL_BACKUP_SIZE" ]; then
  echo "aws-s3.sh: $dest has ${size:-no} bytes, the backup $PALPANEL_BACKUP_SIZE" >&2
  exit 1
fi

printf '%s  %s\n' "$PALPANEL_BACKUP_SHA256" "$name" | aws s3 cp --only-show-errors - "$dest.sha256"
echo "aws-s3.sh: copied $name to $dest ($size bytes)"
