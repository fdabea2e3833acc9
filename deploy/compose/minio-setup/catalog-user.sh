#!/bin/sh
# compose's one-shot minio-setup: the catalog's bucket, a policy that allows only reading,
# writing, deleting and listing the objects of that bucket, and the catalog's own user with
# it, so the catalog never holds MinIO's root credentials. Safe to run again: each step
# creates or updates.
set -eu
mc alias set local http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "local/$S3_BUCKET"
policy=/tmp/bb-catalog-policy.json
printf '%s\n' "{
  \"Version\": \"2012-10-17\",
  \"Statement\": [
    { \"Effect\": \"Allow\", \"Action\": [\"s3:ListBucket\"], \"Resource\": [\"arn:aws:s3:::$S3_BUCKET\"] },
    { \"Effect\": \"Allow\", \"Action\": [\"s3:GetObject\", \"s3:PutObject\", \"s3:DeleteObject\"], \"Resource\": [\"arn:aws:s3:::$S3_BUCKET/*\"] }
  ]
}" > "$policy"
mc admin policy create local bb-catalog "$policy"
mc admin user add local "$CATALOG_S3_ACCESS_KEY" "$CATALOG_S3_SECRET_KEY"
# attach refuses a policy the user already has: detach first, so a second run succeeds too.
mc admin policy detach local bb-catalog --user "$CATALOG_S3_ACCESS_KEY" >/dev/null 2>&1 || true
mc admin policy attach local bb-catalog --user "$CATALOG_S3_ACCESS_KEY"
echo "catalog user $CATALOG_S3_ACCESS_KEY: objects of $S3_BUCKET only"
