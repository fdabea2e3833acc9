#!/bin/sh
# compose's one-shot minio-setup: for each service that keeps objects (the catalog's images,
# payments' transfer receipts), its bucket, a policy that allows only reading, writing,
# deleting and listing the objects of that bucket, and the service's own user with it, so no
# service holds MinIO's root credentials or another's objects. Safe to run again: each step
# creates or updates.
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null

# service_user <service> <bucket> <access key> <secret key>
service_user() {
  service=$1 bucket=$2 access=$3 secret=$4
  mc mb --ignore-existing "local/$bucket"
  policy="/tmp/bb-$service-policy.json"
  printf '%s\n' "{
  \"Version\": \"2012-10-17\",
  \"Statement\": [
    { \"Effect\": \"Allow\", \"Action\": [\"s3:ListBucket\"], \"Resource\": [\"arn:aws:s3:::$bucket\"] },
    { \"Effect\": \"Allow\", \"Action\": [\"s3:GetObject\", \"s3:PutObject\", \"s3:DeleteObject\"], \"Resource\": [\"arn:aws:s3:::$bucket/*\"] }
  ]
}" > "$policy"
  mc admin policy create local "bb-$service" "$policy"
  mc admin user add local "$access" "$secret"
  # attach refuses a policy the user already has: detach first, so a second run succeeds too.
  mc admin policy detach local "bb-$service" --user "$access" >/dev/null 2>&1 || true
  mc admin policy attach local "bb-$service" --user "$access"
  echo "$service user $access: objects of $bucket only"
}

service_user catalog "$S3_BUCKET" "$CATALOG_S3_ACCESS_KEY" "$CATALOG_S3_SECRET_KEY"
service_user payments "$PAYMENTS_S3_BUCKET" "$PAYMENTS_S3_ACCESS_KEY" "$PAYMENTS_S3_SECRET_KEY"
