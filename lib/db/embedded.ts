import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// Zero-setup start: PGlite (Postgres compiled to WASM) on a local port, data kept on disk.
// PGlite is one session: the socket server queues every connection's messages and, while one
// connection is in a transaction, serves that connection alone. So a few connections may share it
// (the server's pool of 1, the backup runner's, `npm run backup`'s request), each with a pool of 1.
// Its queue is patched (patches/, docs/backups.md) to keep one connection's extended-query batch
// together up to its Sync, in a transaction or not.
const CONNECTIONS = 8;

/** Where a running embedded database says who holds it: a second process must never open its files. */
export const embeddedLockFile = (dataDir: string) => path.resolve(dataDir, 'embedded.json');

/** The live process holding the embedded database in `dataDir` (its pid and URL), or null. */
export function embeddedHolder(dataDir: string): { pid: number; url: string } | null {
  try {
    const held = JSON.parse(readFileSync(embeddedLockFile(dataDir), 'utf8')) as { pid: number; url: string };
    if (held.pid === process.pid) return null;
    process.kill(held.pid, 0);
    return held;
  } catch {
    // No file, a damaged one, or its process is gone.
    return null;
  }
}

export async function startEmbeddedDatabase(dataDir: string, port = 0) {
  const held = embeddedHolder(dataDir);
  if (held) throw new Error(`the embedded database in ${path.resolve(dataDir)} is in use by process ${held.pid} (a running npm start?)`);
  const dir = path.resolve(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections: CONNECTIONS });
  await server.start();
  const address = server.getServerConn(); // "127.0.0.1:PORT"
  const url = `postgresql://postgres:postgres@${address}/postgres?sslmode=disable`;
  writeFileSync(embeddedLockFile(dataDir), JSON.stringify({ pid: process.pid, url }));
  return {
    pglite,
    url,
    async stop() {
      await server.stop();
      await pglite.close();
      rmSync(embeddedLockFile(dataDir), { force: true });
    },
  };
}
