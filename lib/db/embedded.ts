import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// Zero-setup start: PGlite (Postgres compiled to WASM) on a local port, data kept on disk.
// It serves one connection at a time, so callers must use a pool of 1.
export async function startEmbeddedDatabase(dataDir: string, port = 0) {
  const dir = path.resolve(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port });
  await server.start();
  const address = server.getServerConn(); // "127.0.0.1:PORT"
  return {
    url: `postgresql://postgres:postgres@${address}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
