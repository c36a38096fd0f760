// The security record tests' sign-in throttle figures and pacing helpers, used by both tiers (tests/inproc and tests/integration security-record.test.ts).
import { call } from './api';

// The sign-in throttle (lib/config.ts defaults; neither the in-process setup nor the test server sets them).
export const WINDOW_MS = Number(process.env.LOGIN_WINDOW_SECONDS ?? 15 * 60) * 1000;
export const PER_ACCOUNT = 5;
export const PER_IP = 30;

/** Counted entries key on the window: a run that would cross into the next one waits for it first. */
export async function clearOfWindowEdge(needMs: number) {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** `count` requests, `parallel` at a time, bounded. */
export async function inParallel<T>(count: number, parallel: number, one: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await one(i);
      }
    }),
  );
  return results;
}

/** `count` refused sign-ins from `ip` through /api/login, each naming another address no account has; their statuses. */
export const signInsNamingNobody = (ip: string, count: number) =>
  inParallel(count, 4, async (i) => (await call('/api/login', { ip, form: { email: `nobody-${i}@example.test`, password: 'x1' } })).status);

/** The invitation link's token in the invite action's answer. */
export const invitationToken = (text: string) => /Invitation\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
