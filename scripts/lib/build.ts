import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// `next build` only when the sources changed since the last one (start and test share this).
const SOURCES = ['app', 'components', 'lib', 'messages', 'public', 'next.config.ts', 'package.json', 'postcss.config.mjs', 'tsconfig.json'];

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
  return hash.digest('hex');
}

/** Marks the current build as matching the sources (the Docker image builds before start). */
export function writeFingerprint() {
  writeFileSync(path.join('.next', 'source-fingerprint'), fingerprint());
}

export function buildIfNeeded(log: (line: string) => void) {
  const marker = path.join('.next', 'source-fingerprint');
  const current = fingerprint();
  if (existsSync(path.join('.next', 'BUILD_ID')) && existsSync(marker) && readFileSync(marker, 'utf8') === current) {
    log('build is up to date');
    return;
  }
  log('building (first start or sources changed)…');
  const result = spawnSync('npx', ['next', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('next build failed');
  writeFileSync(marker, current);
}
