import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { config } from '@/lib/config';
import { BackupError } from './errors';

// pg_dump and pg_restore, the field's own tools, found on this machine: BACKUP_PG_BIN when set,
// else the newest of PATH and Debian's /usr/lib/postgresql/<major>/bin. pg_dump refuses a server
// newer than itself (and a dump it would make of one could be partial), so that is checked first
// and answered with what to do.

const run = promisify(execFile);

export interface PgTool {
  path: string;
  major: number;
}

async function version(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function candidates(name: 'pg_dump' | 'pg_restore'): string[] {
  if (config.backup.pgBin) return [path.join(config.backup.pgBin, name)];
  const found = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, name));
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) for (const major of readdirSync(debian)) found.push(path.join(debian, major, 'bin', name));
  return [...new Set(found)].filter((file) => existsSync(file));
}

/** The newest pg_dump or pg_restore found, or null. */
export async function findTool(name: 'pg_dump' | 'pg_restore'): Promise<PgTool | null> {
  let best: PgTool | null = null;
  for (const file of candidates(name)) {
    const major = await version(file);
    if (major !== null && (!best || major > best.major)) best = { path: file, major };
  }
  return best;
}

/** A tool at least as new as `needed` (the server's major version, or the dump's), or a clear refusal. */
export async function requireTool(name: 'pg_dump' | 'pg_restore', needed: number, what: string): Promise<PgTool> {
  const tool = await findTool(name);
  const advice =
    `install the PostgreSQL ${needed} client (Debian/Ubuntu: postgresql-client-${needed} from apt.postgresql.org) and set BACKUP_PG_BIN to its bin folder, ` +
    `or run the command where that client is (with docker compose: \`docker compose exec app1 npm run ${name === 'pg_dump' ? 'backup' : 'restore -- FILE'}\`, the app image ships it)`;
  if (!tool) throw new BackupError(`${name} was not found: ${advice}.`);
  if (tool.major < needed)
    throw new BackupError(
      `${name} ${tool.major} (${tool.path}) cannot read ${what} (PostgreSQL ${needed}): ${advice}. Nothing was written.`,
    );
  return tool;
}

/**
 * Connection settings for a libpq tool: the URL without its password (a process's arguments are
 * visible to every user of the machine), the password in PGPASSWORD.
 */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: parsed.toString(), env };
}

/** Runs a tool to its end; its error output (bounded) becomes the message of a failure. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new BackupError(`${path.basename(file)} could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const said = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new BackupError(`${path.basename(file)} failed (${signal ?? `exit ${code}`}): ${said || 'no message'}`));
    });
  });
}
