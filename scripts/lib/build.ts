import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { BUILD_SETTINGS_FILE, buildSettingsDigest } from './build-settings';

// `next build` only when the sources changed since the last one (start, test and bench share this).
const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'server',
  'scripts/lib',
  'next.config.ts',
  'package.json',
  'postcss.config.mjs',
  'tsconfig.json',
];
const NEXT_DIR = '.next';

function fingerprint(): string {
  const hash = createHash('sha256');
  const visit = (p: string) => {
    if (!existsSync(p) || p.startsWith(path.join('lib', 'generated'))) return;
    const info = statSync(p);
    if (info.isDirectory()) {
      for (const entry of readdirSync(p).sort()) visit(path.join(p, entry));
    } else {
      hash.update(`${p}:${info.size}:${info.mtimeMs}\n`);
    }
  };
  SOURCES.forEach(visit);
  // The settings Next bakes into the build: a new server-action key or deployment id rebuilds.
  hash.update(buildSettingsDigest());
  return hash.digest('hex');
}

/** Marks the current build as matching the sources. */
export function writeFingerprint() {
  writeFileSync(path.join(NEXT_DIR, 'source-fingerprint'), fingerprint());
  writeFileSync(path.join(NEXT_DIR, BUILD_SETTINGS_FILE), buildSettingsDigest());
}

/**
 * The HTTP server and the modules Next imports at run time by path (next.config.ts's cache
 * handlers), compiled from their TypeScript in server/ into dist/ (ESM; packages stay imports of
 * node_modules). One build with shared chunks: the server and Next load the same `'use cache'`
 * handler module, so the server hears of every tag update (server/main.ts).
 */
export const SERVER_MODULES = {
  server: 'server/main.ts',
  'use-cache-handler': 'server/use-cache-handler.ts',
  'next-cache-handler': 'server/next-cache-handler.ts',
} as const;

export function compileServerModules() {
  // No chunk of an earlier build left behind.
  rmSync('dist', { recursive: true, force: true });
  buildSync({
    entryPoints: Object.entries(SERVER_MODULES).map(([out, source]) => ({ in: source, out })),
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** The production build: the server modules, then `next build`. */
export function build(log: (line: string) => void) {
  log('compiling server/ into dist/');
  compileServerModules();
  const result = spawnSync('npx', ['next', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('next build failed');
  writeFingerprint();
}

function upToDate(): boolean {
  const marker = path.join(NEXT_DIR, 'source-fingerprint');
  const compiled = Object.keys(SERVER_MODULES).every((name) => existsSync(path.join('dist', `${name}.mjs`)));
  return compiled && existsSync(path.join(NEXT_DIR, 'BUILD_ID')) && existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint();
}

export function buildIfNeeded(log: (line: string) => void) {
  if (upToDate()) {
    log('build is up to date');
    return;
  }
  log('building (first start or sources changed)…');
  build(log);
}

/** How often `npm start` says the build is still going: Next prints nothing for minutes while it compiles. */
export const BUILD_HEARTBEAT_MS = 30_000;

/**
 * `npm start`'s build: the same as buildIfNeeded, saying so before (it takes minutes on the first
 * start), passing Next's own output through, a heartbeat line every BUILD_HEARTBEAT_MS, and the
 * duration after.
 */
export async function buildIfNeededWithProgress(log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (upToDate()) {
    log(`build: up to date, nothing to build (${took()})`);
    return;
  }
  log('build: building the site (first start, or the sources changed: takes a few minutes; Next.js output follows)');
  compileServerModules();
  const heartbeat = setInterval(() => log(`build: still building (${took()} so far)`), BUILD_HEARTBEAT_MS);
  try {
    const status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('npx', ['next', 'build'], {
        stdio: 'inherit',
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      });
      child.on('error', reject);
      child.on('exit', (code) => resolve(code));
    });
    if (status !== 0) throw new Error(`next build failed after ${took()}`);
  } finally {
    clearInterval(heartbeat);
  }
  writeFingerprint();
  log(`build: done (${took()})`);
}
