// The settings a build bakes in and every instance serving it must share (issue 18): Next embeds
// NEXT_SERVER_ACTIONS_ENCRYPTION_KEY in the build (it also salts the action ids) and reads
// NEXT_DEPLOYMENT_ID at build time for its version-skew check. The build records a digest of both
// (never the values) in .next/build-settings; `npm start` rebuilds when they changed and
// server/main.ts refuses to serve a build made with other values.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const BUILD_SETTINGS = ['NEXT_SERVER_ACTIONS_ENCRYPTION_KEY', 'NEXT_DEPLOYMENT_ID'];
export const BUILD_SETTINGS_FILE = 'build-settings';

/** A digest of the build-time settings in this environment (unset counts as empty). */
export function buildSettingsDigest(env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const name of BUILD_SETTINGS) hash.update(`${name}=${env[name] ?? ''}\n`);
  return hash.digest('hex');
}

/** Null when the build in `nextDir` was made with this environment's settings, else what differs. */
export function buildSettingsMismatch(nextDir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const file = path.join(nextDir, BUILD_SETTINGS_FILE);
  // A build from before this check: nothing to compare.
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8').trim() === buildSettingsDigest(env) ? null : BUILD_SETTINGS.join(' or ');
}
