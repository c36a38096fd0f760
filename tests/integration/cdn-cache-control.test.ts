import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../helpers/actions';
import { BASE, purgePageCopies, userWithToken } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';

// A CDN or proxy in front may keep a public page at most 60 s in all (README, "Behind a CDN"):
// fresh for 30 s, then served stale for at most 30 s more while it fetches the page again. No
// max-age: a browser keeps nothing and asks again. The same header on Next's own answer and on
// copy the HTTP server keeps and sends afterwards (server/page-cache.ts).

const EXPECTED = 's-maxage=30, stale-while-revalidate=30';

const userIds: number[] = [];
afterAll(async () => {
  await testDb.user.deleteMany({ where: { id: { in: userIds } } });
  await testDb.$disconnect();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function get(path: string, cookie = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Accept-Encoding': 'gzip', ...(cookie ? { Cookie: cookie } : {}) };
    const request = http.get(`${BASE}${path}`, { headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('Cache-Control of public pages', () => {
  for (const page of ['/', '/ar', '/Services', '/ar/ContactUs']) {
    it(`${page}: at most 60 s in a shared cache, on Next's answer and on the replayed copy`, async () => {
      // After a write: the first answer cannot be a copy kept by an earlier test.
      const { user, token } = await userWithToken('admin');
      userIds.push(user!.id);
      await purgePageCopies(token!);
      const path = page;
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await get(path);
        answers.push(answer);
        if (answer.headers['x-page-replay'] === '1') break;
        if (i >= 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answers[0]!.headers['x-page-replay']).toBeUndefined();
      expect(answers.at(-1)!.headers['x-page-replay']).toBe('1');
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers['cache-control']).toBe(EXPECTED);
      }
    });
  }

  it('the back office and the API are not cacheable by a shared cache, except the public /api/home (a minute at most)', async () => {
    // The back office as a signed-in Admin sees it (anonymous, /Admin is only a redirect).
    const user = await makeUser('admin');
    userIds.push(user.id);
    const admin = await get('/Admin', await sessionCookie(user.email));
    expect(admin.status).toBe(200);
    expect(admin.headers['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
    expect((await get('/api/service')).headers['cache-control']).toBe('no-store');
    const home = await get('/api/home');
    expect(home.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    // CORS_ORIGINS is `*` here: the answer is the same for every Origin, so it does not vary on it.
    expect(home.headers['access-control-allow-origin']).toBe('*');
    expect(String(home.headers.vary ?? '')).not.toMatch(/origin/i);
  });
});
