import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// What a manifest says of the product that wrote it, and the check of AUTH_SECRET.

let cached: { name: string; version: string; commit: string } | undefined;

export function productInfo(): { name: string; version: string; commit: string } {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  let commit = process.env.SOURCE_COMMIT || process.env.NEXT_DEPLOYMENT_ID || '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = 'unknown';
    }
  }
  cached = { name: pkg.name, version: pkg.version, commit };
  return cached;
}

/**
 * An HMAC of a fixed text under AUTH_SECRET: equal on two machines exactly when their AUTH_SECRET
 * is, and telling nothing of it. Null without a secret.
 */
export function authSecretCheck(secret = process.env.AUTH_SECRET): string | null {
  return secret ? createHmac('sha256', secret).update('sevenstars-backup:auth-secret-check:v1').digest('hex').slice(0, 32) : null;
}
