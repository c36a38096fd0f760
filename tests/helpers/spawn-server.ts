import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

// A second production server (server/main.ts) in its own process group, for tests that need
// to know its pid (memory), kill it (-9) or start it with other settings. The build in .next is
// shared with the main test server. Ports come from 3121-3129 (the main one is TEST_PORT).

const PORTS = [3121, 3122, 3123, 3124, 3125, 3126, 3127, 3128, 3129];

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port of `candidates` (3121-3129 unless a test names its own range). */
export async function freePort(except: number[] = [], candidates: readonly number[] = PORTS): Promise<number> {
  for (const port of candidates) if (!except.includes(port) && (await isFree(port))) return port;
  throw new Error(`no free port in ${candidates[0]}-${candidates.at(-1)}`);
}

export interface SpawnedServer {
  port: number;
  base: string;
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the output matches (checked as it arrives), rejects after timeoutMs. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Signals the whole process group and resolves when the server has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function spawnServer(env: Record<string, string>, port?: number, args: string[] = []): Promise<SpawnedServer> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, ['dist/server.mjs', ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(chosen),
      HOSTNAME: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${chosen}`,
      // No drain delay unless a test asks for one: every kill() would wait 5 s more.
      SHUTDOWN_DELAY_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const server: SpawnedServer = {
    port: chosen,
    base: `http://127.0.0.1:${chosen}`,
    pid: child.pid!,
    output: () => text,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (!match) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(match[0]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`server output never matched ${pattern}; output:\n${text}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, signal);
      } catch {}
      await exited;
    },
  };
  try {
    await server.waitForOutput(/\[serve\] ready on/, 90_000);
  } catch (error) {
    await server.kill('SIGKILL');
    throw error;
  }
  return server;
}

/**
 * A second server on the main test server's database and uploads, for memory measurements: no
 * orphan sweep, whose start-up work (a database client, a folder listing) would land inside them.
 */
export function spawnMeasuredServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  return spawnServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    UPLOADS_DIR: process.env.UPLOADS_DIR!,
    AUTH_SECRET: process.env.AUTH_SECRET!,
    ORPHAN_SWEEP_MINUTES: '0',
    ...env,
  });
}
