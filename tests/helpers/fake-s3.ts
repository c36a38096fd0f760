import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { freeLoopbackPort, portAnswers } from './loopback';

// A fake S3 (s3rver) in its own process on a free loopback port, with its files in a temp folder,
// for the storage tests of the bucket driver. It can be stopped and started again on the same port
// with the same objects, to play an outage of the store.
// Its own process because s3rver makes list continuation tokens with DES, which Node's OpenSSL 3
// refuses unless the legacy provider is loaded: any listing past one page would fail otherwise.

export interface FakeS3 {
  bucket: string;
  endpoint: string;
  /** The settings a server needs to use this bucket (lib/config.ts), credentials included. */
  env: Record<string, string>;
  /** An SDK client of the test's own, to look into the bucket directly. */
  client: S3Client;
  /** Object keys under a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /**
   * Makes an object look stored at `when` (its LastModified), as time passing would. s3rver takes
   * LastModified from its file's mtime; S3 itself offers no way to backdate an object.
   */
  backdate(key: string, when: Date): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

// s3rver accepts any signature made with these (its default account).
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startFakeS3(bucket = 'sevenstars-uploads'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-s3-'));
  const port = await freeLoopbackPort();
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    if (child) return;
    output = '';
    child = spawn(
      process.execPath,
      [
        '--openssl-legacy-provider',
        path.resolve('node_modules/s3rver/bin/s3rver.js'),
        ...['--directory', directory, '--address', '127.0.0.1', '--port', String(port), '--configure-bucket', bucket, '--silent'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 15_000;
    while (!(await portAnswers(port))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`s3rver did not start on ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const current = child;
    if (!current) return;
    child = null;
    if (current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.kill('SIGKILL');
    await exited;
  };

  await start();
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    client,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      // Bounded: the tests store a few thousand objects at most.
      for (let page = 0; page < 100; page++) {
        const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(answer.Contents ?? []).map((object) => object.Key!));
        token = answer.NextContinuationToken;
        if (!token) break;
      }
      return keys.sort();
    },
    backdate(key, when) {
      const parts = key.split('/');
      const file = path.join(directory, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      utimesSync(file, when, when);
    },
    stop,
    start,
    async close() {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
