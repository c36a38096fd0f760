import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_ACTIONS } from '../helpers/transport-http';
import { freshIp } from '../helpers/api';
import { testDb } from '../helpers/db';
import { startQuoteToken } from '../helpers/quote';
import { rowsNamed, stored, submitQuote, type Answer, type Issued } from '../helpers/quote-requests-fixtures';

// The quote form and the inbox where the real server is the point; the rest of both (every
// answer of the form's action, the inbox's actions) is tests/inproc/quote-requests.test.ts.
// Here: the build manifest's list of the file's actions (only a build has one); one token
// replayed by 20 posts at once, exactly one stored (a race between connections of real
// PostgreSQL: the in-process database serves one connection at a time, so it would not race).
// Every inquiry this file adds carries a name starting with PREFIX and is deleted at the end.

const PREFIX = `qr-${process.pid}-${Date.now()}`;
const named = (suffix: string) => `${PREFIX}-${suffix}`;

async function post(fields: Record<string, string | string[]>, ip = freshIp(), page = '/ContactUs') {
  const res = await submitQuote({ name: named('x'), ...fields }, ip, page);
  expect(res.status).toBe(200); // an action's answer is a 200 whatever it says
  return { answer: res.result as Answer };
}

// A token is good once and from the address it was given to: each replay test takes its own
// pair, both issued here so one wait of the minimum fill time (3 s, counted from the issue)
// serves them.
const pool: Issued[] = [];
const issued = (): Issued => {
  const next = pool.shift();
  if (!next) throw new Error('no token left for a fresh address');
  return next;
};
beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const ip = freshIp();
    pool.push({ ip, token: await startQuoteToken(ip) });
  }
  await new Promise((r) => setTimeout(r, 3_100));
});
afterAll(async () => {
  await testDb.inquiry.deleteMany({ where: { name: { startsWith: PREFIX } } });
  await testDb.$disconnect();
});

describe('the quote form action', () => {
  it('the manifest has the file’s actions', () => {
    expect(Object.keys(INQUIRY_ACTIONS).sort()).toEqual([
      'addNote',
      'assignLead',
      'deleteInquiry',
      'deleteNote',
      'editNote',
      'markUnread',
      'saveInquiryStatus',
      'startQuote',
      'submitQuote',
    ]);
  });

  it('one token stores one request: replayed 20 times at once from 20 addresses (its own among them), exactly 1 stored', async () => {
    const { ip, token } = issued();
    const name = named('replay');
    const addresses = [ip, ...Array.from({ length: 19 }, () => freshIp())];
    const answers = (await Promise.all(addresses.map((from) => post({ started: token, name }, from)))).map((r) => r.answer);
    expect(answers[0]).toEqual(stored);
    for (const answer of answers.slice(1)) {
      // Another address: answered like a post without a token, with a fresh one for that address.
      expect([answer.ok, answer.status, answer.error]).toEqual([false, 400, 'confirm']);
      expect(answer.token).toMatch(/^\d{13}\.[\w-]{22}\.[\w-]{43}$/);
      expect(answer.token).not.toBe(token);
    }
    expect(await rowsNamed(name)).toHaveLength(1);
    // Later, from its own address: spent, so the same answer.
    const later = await post({ started: token, name, message: 'again' }, ip);
    expect([later.answer.status, later.answer.error, later.answer.values?.message]).toEqual([400, 'confirm', 'again']);
    expect(later.answer.token).not.toBe(token);
    expect(await rowsNamed(name)).toHaveLength(1);
  });

  it('one token stores one request: 20 posts at once from its own address, exactly 1 stored', async () => {
    const { ip, token } = issued();
    const name = named('replay-same');
    const answers = (await Promise.all(Array.from({ length: 20 }, () => post({ started: token, name }, ip)))).map((r) => r.answer);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    // The others: the token already spent, or (past the address's 5 an hour) the rate limit.
    for (const answer of answers.filter((a) => !a.ok))
      expect(['400 confirm', '429 tooManyRequests']).toContain(`${answer.status} ${answer.error}`);
    expect(answers.filter((a) => a.error === 'confirm').length).toBeGreaterThanOrEqual(4);
    expect(await rowsNamed(name)).toHaveLength(1);
  });
});
