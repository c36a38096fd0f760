import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { brotliTextParams } from '@/lib/server/brotli.mjs';
import { BUILD_SETTINGS_FILE, buildSettingsDigest } from './build-settings.mjs';

// `next build` only when the sources changed since the last one (start, test and bench share this).
const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'server',
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
 * Writes a brotli copy (`x.js.br`) next to every script and stylesheet in the build's static
 * files, at brotli's best setting: ~15 % fewer bytes than the gzip Next compresses them with on
 * every request. The server sends them to browsers that take brotli (lib/server/static-brotli.mjs).
 * Returns how many it wrote.
 */
export function precompressStatic(nextDir = NEXT_DIR): number {
  const root = path.join(nextDir, 'static');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(js|css)$/.test(file));
  for (const file of files) {
    const source = readFileSync(path.join(root, file));
    writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(source, { params: brotliTextParams(source.byteLength) }));
  }
  return files.length;
}

/**
 * The modules Next imports at run time by path (next.config.ts `cacheHandlers`), compiled from
 * their TypeScript in server/ into dist/ (ESM; packages stay imports of node_modules). `next dev`
 * needs them too (scripts/start.ts).
 */
export const SERVER_MODULES = { 'use-cache-handler': 'server/use-cache-handler.ts' } as const;

export function compileServerModules() {
  buildSync({
    entryPoints: Object.entries(SERVER_MODULES).map(([out, source]) => ({ in: source, out })),
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** The production build: the server modules, `next build`, then the post-build steps above. */
export function build(log: (line: string) => void) {
  compileServerModules();
  const result = spawnSync('npx', ['next', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('next build failed');
  log(`brotli copies of ${precompressStatic()} scripts and stylesheets`);
  writeFingerprint();
}

export function buildIfNeeded(log: (line: string) => void) {
  const marker = path.join(NEXT_DIR, 'source-fingerprint');
  const compiled = Object.keys(SERVER_MODULES).every((name) => existsSync(path.join('dist', `${name}.mjs`)));
  if (compiled && existsSync(path.join(NEXT_DIR, 'BUILD_ID')) && existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint()) {
    log('build is up to date');
    return;
  }
  log('building (first start or sources changed)…');
  build(log);
}
