import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, identityToRecipient } from 'age-encryption';
import tar from 'tar-stream';
import { BackupError, diskFull } from './errors';
import { MANIFEST_ENTRY, MANIFEST_SUM_ENTRY, manifestSchema, type Manifest } from './manifest';

// The archive: a tar (tar-stream) of the dump, the uploads and the manifest, optionally encrypted
// as a whole with age (age-encryption, the reference TypeScript implementation: the `age` command
// reads the same files). Streamed both ways: memory holds one entry's chunks, never the archive.

const AGE_MAGIC = Buffer.from('age-encryption.org/v1');
const TAR_MAGIC = Buffer.from('ustar');
/**
 * A plain archive ends, after the tar's own end, with the CRC-32 of every byte before it (as gzip
 * and zip end): tar checks its headers and the manifest's SHA-256 every entry's data, but not the
 * padding between entries, so without it a changed padding byte would pass. CRC-32, not a second
 * SHA-256: it catches any damage of up to 32 bits and runs at several GB/s, where a second SHA-256
 * pass cost a second per GB (docs/measurements.md). Tar readers stop at the tar's end and ignore
 * the line. An encrypted archive needs none: age authenticates every byte.
 */
const TRAILER_PREFIX = '\nSEVENSTARS-BACKUP-CRC32:';
const TRAILER_LENGTH = TRAILER_PREFIX.length + 8 + 1;
const crcHex = (crc: number) => (crc >>> 0).toString(16).padStart(8, '0');
const trailer = (crc: number) => Buffer.from(`${TRAILER_PREFIX}${crcHex(crc)}\n`);

export interface EntryDigest {
  size: number;
  sha256: string;
}

export interface ArchiveWriter {
  /** Adds an entry from a stream of exactly `size` bytes; resolves with its digest. */
  addStream(name: string, size: number, source: Readable): Promise<EntryDigest>;
  addBuffer(name: string, data: Buffer): Promise<EntryDigest>;
}

/**
 * Writes an archive to `finalPath` through a temporary name in the same folder: the final name
 * exists only once every byte is on disk (fsync, then rename), so a failure leaves no archive
 * that looks whole. `fill` adds the entries and returns the manifest, written last.
 */
export async function writeArchive(
  finalPath: string,
  options: { ageKey: string; mtime: Date },
  fill: (writer: ArchiveWriter) => Promise<Manifest>,
): Promise<{ size: number }> {
  const dir = path.dirname(finalPath);
  const temp = path.join(dir, `.partial-${path.basename(finalPath)}-${randomBytes(4).toString('hex')}`);
  const pack = tar.pack();
  let out: Writable;
  try {
    out = createWriteStream(temp, { flags: 'wx' });
    await new Promise<void>((resolve, reject) => out.once('open', () => resolve()).once('error', reject));
  } catch (error) {
    throw diskFull(error, dir) ?? error;
  }
  // tar-stream's streams are streamx ones: a Node stream over it for the pipeline.
  let source: Readable = Readable.from(pack);
  if (options.ageKey) {
    const encrypter = new Encrypter();
    encrypter.addRecipient(await recipientOf(options.ageKey));
    const encrypted = await encrypter.encrypt(Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>);
    source = Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>);
  }
  let whole = 0;
  const written = options.ageKey
    ? pipeline(source, out)
    : pipeline(
        source,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            whole = crc32(chunk, whole);
            callback(null, chunk);
          },
        }),
        out,
        { end: false },
      ).then(
        () =>
          new Promise<void>((resolve, reject) => {
            out.once('error', reject);
            out.end(trailer(whole), () => resolve());
          }),
      );
  // The writer's failure (a full disk) must stop the producer too.
  written.catch((error: Error) => pack.destroy(error));
  const writer: ArchiveWriter = {
    async addStream(name, size, stream) {
      let settle: (error?: Error | null) => void = () => {};
      const finished = new Promise<void>((ok, fail) => (settle = (error) => (error ? fail(error) : ok())));
      const sink = pack.entry({ name, size, mode: 0o644, mtime: options.mtime }, (error) => settle(error));
      // A writer that fails (a full disk) destroys the pack and so this entry, which then emits
      // 'error': it is this entry's failure (unheard, it would end the process), and the wait for
      // room below must end with it. Observed: 1 run in 25 under load crashed on ENOSPC here.
      sink.on('error', (error: Error) => settle(error));
      finished.catch(() => {}); // (its failure is awaited below, or surfaces through the writer)
      const hash = createHash('sha256');
      let count = 0;
      for await (const chunk of stream) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        count += bytes.length;
        // Back-pressure: the entry takes more when the archive's file has taken what it had.
        if (!sink.write(bytes)) await Promise.race([new Promise<void>((resolve) => sink.once('drain', () => resolve())), finished]);
      }
      if (count !== size) {
        sink.destroy(new Error(`${name} changed size`));
        throw new BackupError(`${name} changed size while it was being read (${size} -> ${count} bytes)`);
      }
      sink.end(undefined);
      await finished;
      return { size, sha256: hash.digest('hex') };
    },
    async addBuffer(name, data) {
      return writer.addStream(name, data.length, Readable.from([data]));
    },
  };
  try {
    const manifest = await Promise.race([fill(writer), written.then(() => Promise.reject(new Error('the archive ended early')))]);
    const text = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await writer.addBuffer(MANIFEST_ENTRY, text);
    await writer.addBuffer(MANIFEST_SUM_ENTRY, Buffer.from(`${createHash('sha256').update(text).digest('hex')}\n`));
    pack.finalize();
    await written;
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const { size } = await stat(temp);
    await rename(temp, finalPath);
    return { size };
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await rm(temp, { force: true });
    throw diskFull(error, dir) ?? error;
  }
}

async function recipientOf(key: string): Promise<string> {
  try {
    return await identityToRecipient(key);
  } catch {
    throw new BackupError('BACKUP_AGE_KEY is not an age identity (AGE-SECRET-KEY-1…): make one with `npx age-keygen` or `age-keygen`.');
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes; must be read to the end (or `skip`ped) before the next entry comes. */
  stream: Readable;
}

/** What kind of file this is, from its first bytes: an age file, a tar, or neither. */
async function sniff(file: string): Promise<'age' | 'tar'> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(code === 'ENOENT' ? `No such file: ${file}` : `${file} cannot be read (${code})`);
  }
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, 512, 0);
    if (bytesRead >= AGE_MAGIC.length && head.subarray(0, AGE_MAGIC.length).equals(AGE_MAGIC)) return 'age';
    if (bytesRead === 512 && head.subarray(257, 262).equals(TAR_MAGIC)) return 'tar';
    throw new BackupError(`${path.basename(file)} is not a backup archive of this site (neither a tar nor an age file).`);
  } finally {
    await handle.close();
  }
}

/** Why an age file could not be read, in the operator's words. */
function decryptFailure(error: unknown): BackupError {
  const message = error instanceof Error ? error.message : String(error);
  if (/no identity matched/i.test(message))
    return new BackupError('The archive is encrypted for another key: set BACKUP_AGE_KEY to the key it was made with.');
  return new BackupError(`The archive is damaged or was altered (decryption failed: ${message}).`);
}

/**
 * Reads an archive entry by entry (decrypting it first when it is an age file), calling `onEntry`
 * for each in order. Any damage (a tar header's checksum, an age chunk's authentication, an end
 * before the end) rejects with a BackupError.
 */
export async function readArchive(
  file: string,
  ageKey: string,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
  options: { checkEnd?: boolean } = {},
): Promise<void> {
  const kind = await sniff(file);
  let source: Readable;
  let endCheck: () => void = () => {};
  if (kind === 'tar') {
    const size = (await stat(file)).size;
    const handle = await open(file, 'r');
    const tail = Buffer.alloc(TRAILER_LENGTH);
    try {
      await handle.read(tail, 0, TRAILER_LENGTH, Math.max(0, size - TRAILER_LENGTH));
    } finally {
      await handle.close();
    }
    const text = tail.toString('latin1');
    const expected = text.slice(TRAILER_PREFIX.length, -1);
    if (size < TRAILER_LENGTH + 1024 || !text.startsWith(TRAILER_PREFIX) || !text.endsWith('\n') || !/^[0-9a-f]{8}$/.test(expected)) {
      throw new BackupError('The archive is incomplete (its end is missing): it was cut short while being copied or written.');
    }
    let whole = 0;
    const plain = createReadStream(file, { end: size - TRAILER_LENGTH - 1 });
    // A second pass over an archive already checked whole compares each entry with the manifest; its end needs no second look.
    source =
      options.checkEnd === false
        ? plain
        : plain.pipe(
            new Transform({
              transform(chunk: Buffer, _encoding, callback) {
                whole = crc32(chunk, whole);
                callback(null, chunk);
              },
            }),
          );
    endCheck = () => {
      if (options.checkEnd !== false && crcHex(whole) !== expected)
        throw new BackupError('The archive is damaged: its bytes do not match the checksum at its end.');
    };
  } else source = createReadStream(file);
  if (kind === 'age') {
    if (!ageKey) throw new BackupError('The archive is encrypted: set BACKUP_AGE_KEY to the key it was made with.');
    const decrypter = new Decrypter();
    try {
      decrypter.addIdentity(ageKey);
    } catch {
      throw new BackupError('BACKUP_AGE_KEY is not an age identity (AGE-SECRET-KEY-1…).');
    }
    try {
      const plain = await decrypter.decrypt(Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>);
      source = Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>);
    } catch (error) {
      throw decryptFailure(error);
    }
  }
  const extract = tar.extract();
  const feeding = pipeline(source, extract as unknown as NodeJS.WritableStream).catch((error: unknown) => {
    extract.destroy(error as Error);
    throw error;
  });
  try {
    for await (const entry of extract as unknown as AsyncIterable<Readable & { header: tar.Header }>) {
      const stream = Readable.from(entry);
      await onEntry({ name: entry.header.name, size: entry.header.size ?? 0, stream });
      // Whatever the handler left unread (it stopped early): the next entry comes after it.
      for await (const _ of stream) void _;
    }
    await feeding;
    endCheck();
  } catch (error) {
    await feeding.catch(() => {});
    if (error instanceof BackupError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (kind === 'age') throw decryptFailure(error);
    if (/unexpected end/i.test(message))
      throw new BackupError('The archive is incomplete (it ends before its manifest): it was cut short while being copied or written.');
    if (/invalid tar header/i.test(message)) throw new BackupError('The archive is damaged: one of its tar headers is invalid.');
    throw new BackupError(`The archive is damaged (${message}).`);
  }
}

/** Hashes an entry's stream to its end. */
export async function digestStream(stream: Readable): Promise<EntryDigest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Reads an entry whole (the manifest: small). */
export async function readWhole(stream: Readable, limit = 64 * 2 ** 20): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BackupError('The archive is damaged (an entry is larger than it can be).');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses and checks the manifest against its checksum entry. */
export function parseManifest(text: Buffer | null, sum: Buffer | null): Manifest {
  if (!text || !sum)
    throw new BackupError('The archive is incomplete (it ends before its manifest): it was cut short while being copied or written.');
  if (createHash('sha256').update(text).digest('hex') !== sum.toString('utf8').trim()) {
    throw new BackupError('The archive is damaged: its manifest does not match its checksum.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch {
    throw new BackupError('The archive is damaged: its manifest is not readable.');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const format = (json as { format?: unknown; version?: unknown } | null)?.format;
    if (format === 'sevenstars-backup')
      throw new BackupError(
        'The archive was made by a newer version of this site (its manifest format is unknown here): update the code first.',
      );
    throw new BackupError('This is not a backup archive of this site (its manifest is foreign).');
  }
  return parsed.data;
}
