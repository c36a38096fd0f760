import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { config } from '@/lib/config';
import { BackupError } from './errors';

// The off-site copy (BACKUP_S3_BUCKET on any S3-compatible store): each archive once it is whole,
// under BACKUP_S3_PREFIX, pruned by the same rules as BACKUP_DIR. Credentials come from the AWS
// SDK's default chain, as the uploads bucket's do.

let client: S3Client | undefined;

function s3(): S3Client {
  const { endpoint, region, forcePathStyle } = config.backup.s3;
  client ??= new S3Client({
    region,
    endpoint,
    forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 600_000 },
  });
  return client;
}

export const bucketConfigured = () => Boolean(config.backup.s3.bucket);
const key = (name: string) => `${config.backup.s3.prefix}${name}`;

function unreachable(error: unknown, what: string): BackupError {
  const reason = error instanceof Error ? error.message || error.name : String(error);
  return new BackupError(`The backup bucket ${config.backup.s3.bucket} cannot be reached (${what}: ${reason}).`);
}

/** Copies a finished archive into the bucket (one PUT of its known length). */
export async function copyToBucket(file: string): Promise<void> {
  const { size } = await stat(file);
  try {
    await s3().send(
      new PutObjectCommand({
        Bucket: config.backup.s3.bucket,
        Key: key(path.basename(file)),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: 'application/octet-stream',
      }),
    );
  } catch (error) {
    throw unreachable(error, 'copy');
  }
}

export async function listBucket(): Promise<string[]> {
  const names: string[] = [];
  const prefix = config.backup.s3.prefix;
  try {
    for await (const page of paginateListObjectsV2({ client: s3() }, { Bucket: config.backup.s3.bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(prefix.length));
    }
  } catch (error) {
    throw unreachable(error, 'list');
  }
  return names;
}

export async function removeFromBucket(name: string): Promise<void> {
  try {
    await s3().send(new DeleteObjectCommand({ Bucket: config.backup.s3.bucket, Key: key(name) }));
  } catch (error) {
    throw unreachable(error, 'delete');
  }
}

/** An archive from the bucket (the download of one this instance's disk does not hold). */
export async function readFromBucket(name: string): Promise<{ body: Readable; size: number } | null> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config.backup.s3.bucket, Key: key(name) }));
    return object.Body ? { body: object.Body as Readable, size: object.ContentLength ?? 0 } : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw unreachable(error, 'read');
  }
}
