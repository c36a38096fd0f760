import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { config } from '@/lib/config';
import { unavailable } from '@/lib/db/faults';
import { CONTENT_TYPES } from './image';
import { SAFE_NAME, type StoredFile, type StoreFolder, type UploadStore } from './store-contract';

/**
 * Uploads in a bucket of any S3-compatible store (AWS, MinIO, R2...), under `<prefix><folder>/<name>`,
 * so every instance of the site reads and writes the same files. Chosen by S3_BUCKET (lib/uploads/store.ts).
 */

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  prefix: string;
}

export const s3Settings = (): S3Settings => ({
  bucket: config.s3.bucket,
  endpoint: config.s3.endpoint,
  region: config.s3.region,
  forcePathStyle: config.s3.forcePathStyle,
  prefix: config.s3.prefix,
});

// Network errors that pass by themselves once the store is reachable again.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');

/** No such object (GetObject says NoSuchKey, HEAD requests a bare 404); a missing bucket is not that. */
const isMissing = (error: unknown) =>
  nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound' || (statusOf(error) === 404 && nameOf(error) !== 'NoSuchBucket');

/**
 * The store cannot be reached or is failing right now (refused, reset, timed out, 5xx, throttled):
 * the same 503 `unavailable` as a database fault (lib/db/faults.ts), so every entry point already
 * maps it (legacy /api: 503 + Retry-After; admin actions: "unavailable"; the media route: 503).
 * Refusals (403 bad credentials, 404 no bucket) are configuration errors and stay as they are.
 */
export function isStorageFault(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
  if (['TimeoutError', 'RequestTimeout', 'RequestTimeoutException', 'SlowDown', 'ServiceUnavailable'].includes(nameOf(error))) return true;
  const status = statusOf(error);
  if (status !== undefined && (status >= 500 || status === 429)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isStorageFault(cause);
}

function fail(error: unknown, what: string): never {
  if (isStorageFault(error)) {
    console.error(`[uploads] object storage unreachable (${what}):`, error instanceof Error ? error.message || error.name : error);
    throw Object.assign(unavailable(), { cause: error });
  }
  throw error;
}

export interface S3UploadStore extends UploadStore {
  readonly client: S3Client;
  readonly settings: S3Settings;
  key(folder: StoreFolder, name: string): string;
}

export function createS3Store(settings: S3Settings = s3Settings()): S3UploadStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Only the checksums the operation requires: several S3-compatible stores reject or mishandle
    // the newer default ones (x-amz-checksum-* on every upload), and uploads are small whole Buffers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that hangs must turn into a 503 quickly, not hold a request (and a socket) for minutes.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000, throwOnRequestTimeout: true },
  });
  const { bucket, prefix } = settings;
  const key = (folder: StoreFolder, name: string) => `${prefix}${folder}/${name}`;
  const safe = (name: string) => SAFE_NAME.test(name) && !name.includes('..');

  return {
    client,
    settings,
    key,
    async put(folder, name, data) {
      if (!safe(name)) throw new Error(`unsafe upload name ${name}`);
      try {
        // A Buffer of known length: one plain PUT with Content-Length (no streamed aws-chunked
        // body, which some compatible stores do not decode). A PUT is atomic: readers see the
        // whole object or none.
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key(folder, name),
            Body: data,
            ContentLength: data.length,
            ContentType: CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream',
          }),
        );
      } catch (error) {
        fail(error, `put ${folder}/${name}`);
      }
    },
    async get(folder, name) {
      if (!safe(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(folder, name) }));
        if (!object.Body) return null;
        const data = Buffer.from(await object.Body.transformToByteArray());
        return { data, modified: object.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        fail(error, `get ${folder}/${name}`);
      }
    },
    async read(folder, name) {
      if (!safe(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(folder, name) }));
        if (!object.Body) return null;
        return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
      } catch (error) {
        if (isMissing(error)) return null;
        fail(error, `read ${folder}/${name}`);
      }
    },
    async remove(folder, name) {
      if (!safe(name)) return;
      try {
        // S3 answers 204 whether or not the key existed, so removing twice is fine.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(folder, name) }));
      } catch (error) {
        if (isMissing(error)) return;
        fail(error, `remove ${folder}/${name}`);
      }
    },
    async list(folder) {
      const found: StoredFile[] = [];
      const start = key(folder, '');
      try {
        // Page by page (up to 1000 keys each), following the continuation tokens.
        for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: start })) {
          for (const object of page.Contents ?? []) {
            const name = object.Key?.slice(start.length) ?? '';
            if (!safe(name)) continue; // deeper keys or names this store never writes: never touched
            found.push({ name, modified: object.LastModified ?? new Date(0), size: object.Size ?? 0 });
          }
        }
      } catch (error) {
        fail(error, `list ${folder}`);
      }
      return found;
    },
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        if (isStorageFault(error)) fail(error, 'ready');
        throw new Error(`bucket ${bucket} is not usable: ${nameOf(error) || String(error)} (${statusOf(error) ?? 'no status'})`, {
          cause: error,
        });
      }
    },
  };
}
