import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../helpers/actions';
import { makeUser, testDb, unique } from '../helpers/db';
import { BASE } from '../helpers/api';
import { request } from '../helpers/raw-http';
import { RETURN_PARAM } from '@/lib/auth/return-path';
import { ENTITY_METAS } from '@/lib/entities/metas';
import { entityOf } from '@/lib/entities/registry';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// Issue 36: a route per back-office screen. Every address of the spec's route list (and the
// letter cases the old links use) answers as before, in both languages: the screen its path
// names (its own tab title and heading), a 404 for what is no screen, and the sign-in page for
// a visitor without a session. Over HTTP on the built server, because the addresses reach their
// routes through next.config.ts's rewrites.

const LANGS = { en, ar } as const;
type Lang = keyof typeof LANGS;
const prefix = (lang: Lang) => (lang === 'ar' ? '/ar' : '');

let admin = '';
let mini = '';
let pending = '';
const ids: Record<string, number> = {};
let leadId = 0;

beforeAll(async () => {
  admin = await sessionCookie((await makeUser('admin')).email);
  mini = await sessionCookie((await makeUser('mini')).email);
  // A session that was valid until its account went back to pending (flags changed in the database).
  const demoted = await makeUser('mini');
  pending = await sessionCookie(demoted.email);
  await testDb.user.update({ where: { id: demoted.id }, data: { isMiniAdmin: false } });
  for (const meta of ENTITY_METAS) {
    const row = (await (entityOf(meta.key).delegate(testDb) as { findFirst(a: object): Promise<{ id: number } | null> }).findFirst({
      orderBy: { id: 'asc' },
    })) as { id: number } | null;
    if (!row) throw new Error(`the seeded database has no ${meta.key}`);
    ids[meta.key] = row.id;
  }
  leadId = (await testDb.inquiry.create({ data: { name: unique('route walk'), eventType: 'other', city: 'dubai' } })).id;
});
afterAll(async () => {
  await testDb.inquiry.deleteMany({ where: { id: leadId } });
  await testDb.$disconnect();
});

/** The page's <title> and first <h1> text, as sent (tags inside the heading dropped). */
function screenOf(html: string) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const h1 = (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').trim();
  const decode = (s: string) =>
    s
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"');
  return { title: decode(title), h1: decode(h1) };
}

interface Screen {
  path: string;
  /** The screen's name in its tab ("{screen} · Back office | <site>"). */
  tab: string;
  /** Its heading, where the screen has one of its own words. */
  h1?: string;
}

function screens(lang: Lang): Screen[] {
  const m = LANGS[lang].admin;
  const areas = m.areas as Record<string, { title: string; createHeading: string; editHeading: string }>;
  return [
    { path: '/Admin', tab: m.tabs.dashboard, h1: m.choose },
    { path: '/Admin/Users', tab: m.users.title, h1: m.users.title },
    { path: '/Admin/Settings', tab: m.settings.title, h1: m.settings.title },
    { path: '/Admin/Account', tab: m.account.title, h1: m.account.title },
    { path: '/Admin/Activity', tab: m.activity.title },
    { path: '/Admin/Backups', tab: m.backups.title, h1: m.backups.title },
    { path: '/Admin/Inquiries', tab: m.inquiries.title },
    { path: `/Admin/Inquiry/${leadId}`, tab: m.tabs.quoteRequest.replace('{id}', String(leadId)) },
    ...ENTITY_METAS.flatMap(({ key, admin: segments }) => {
      const area = areas[key]!;
      return [
        { path: `/Admin/${segments.list}`, tab: area.title },
        { path: `/Admin/${segments.create}`, tab: area.createHeading, h1: area.createHeading },
        { path: `/Admin/${segments.edit}/${ids[key]}`, tab: area.editHeading, h1: area.editHeading },
      ];
    }),
  ];
}

const get = (path: string, cookie = admin) => request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe('every back-office address of the spec, in both languages', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: each screen at its own address, with its own tab title and heading`, async () => {
      const all = screens(lang);
      expect(all).toHaveLength(8 + 3 * ENTITY_METAS.length);
      for (const screen of all) {
        const path = `${prefix(lang)}${screen.path}`;
        const answer = await get(path);
        expect(answer.status, path).toBe(200);
        const seen = screenOf(answer.text);
        expect(seen.title.startsWith(`${LANGS[lang].admin.tabTitle.replace('{screen}', screen.tab)} | `), `${path}: ${seen.title}`).toBe(
          true,
        );
        if (screen.h1) expect(seen.h1, path).toBe(screen.h1);
        expect(answer.text, path).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
      }
    });

    it(`${lang}: the letter cases the old links use reach the same screens`, async () => {
      const m = LANGS[lang].admin;
      // The content areas' addresses are served in any case, as the old client's links have them.
      for (const [path, tab] of [
        ['/admin', m.tabs.dashboard],
        ['/admin/teams', m.areas.team.title],
        ['/Admin/createteam', m.areas.team.createHeading],
        [`/admin/team/${ids.team}`, m.areas.team.editHeading],
        [`/admin/editslider/${ids.slides}`, m.areas.slides.editHeading],
        [`/Admin/contactupdate/${ids.contacts}`, m.areas.contacts.editHeading],
      ] as const) {
        const full = `${prefix(lang)}${path}`;
        const answer = await get(full);
        expect(answer.status, full).toBe(200);
        expect(screenOf(answer.text).title.startsWith(`${m.tabTitle.replace('{screen}', tab)} | `), full).toBe(true);
      }
      // A bespoke screen has one spelling: another case is sent there (308), its query kept.
      for (const [path, canonical] of [
        ['/admin/users?q=a', '/Admin/Users?q=a'],
        ['/ADMIN/SETTINGS', '/Admin/Settings'],
        ['/admin/backups?page=1', '/Admin/Backups?page=1'],
        [`/admin/inquiry/${leadId}`, `/Admin/Inquiry/${leadId}`],
        ['/Admin/account', '/Admin/Account'],
      ] as const) {
        const full = `${prefix(lang)}${path}`;
        const answer = await get(full);
        expect([full, answer.status]).toEqual([full, 308]);
        const location = new URL(answer.headers.location ?? '', BASE);
        expect(`${location.pathname}${location.search}`).toBe(`${prefix(lang)}${canonical}`);
        expect((await get(`${prefix(lang)}${canonical}`)).status).toBe(200);
      }
    });

    it(`${lang}: what is no screen answers 404, the internal routes included`, async () => {
      for (const path of [
        '/Admin/Nope',
        '/Admin/Team',
        '/Admin/Team/abc',
        `/Admin/Team/${ids.team}/more`,
        '/Admin/CreateTeam/1',
        '/Admin/Users/1',
        '/Admin/Inquiry/x',
        '/Admin/Content/team',
        '/Admin/Content/team/Create',
        `/Admin/Content/team/${ids.team}`,
        '/Admin/Content/nope',
      ]) {
        const full = `${prefix(lang)}${path}`;
        expect((await get(full)).status, full).toBe(404);
      }
    });

    it(`${lang}: a screen the role does not open says "forbidden" and shows nothing of it`, async () => {
      const m = LANGS[lang].admin;
      const forbids = (html: string) => html.includes('data-testid="forbidden"') && html.includes(m.forbidden);
      // A Mini Admin: the content areas, not the Admins' screens.
      for (const path of ['/Admin/Users', '/Admin/Settings', '/Admin/Activity', '/Admin/Backups'])
        expect([path, forbids((await get(`${prefix(lang)}${path}`, mini)).text)]).toEqual([path, true]);
      expect(forbids((await get(`${prefix(lang)}/Admin/Teams`, mini)).text)).toBe(false);
      // A session whose account went back to pending: no content screen either.
      for (const path of ['/Admin/Teams', '/Admin/CreateTeam', `/Admin/Team/${ids.team}`, '/Admin/Inquiries']) {
        const answer = await get(`${prefix(lang)}${path}`, pending);
        expect([path, answer.status, forbids(answer.text)]).toEqual([path, 200, true]);
      }
    });

    it(`${lang}: without a session every screen sends to sign in, and back after`, async () => {
      for (const path of ['/Admin', '/Admin/Users', '/Admin/Teams', `/Admin/Team/${ids.team}`, '/Admin/Nope', '/Admin/Content/team']) {
        const full = `${prefix(lang)}${path}`;
        const answer = await get(full, '');
        expect([303, 307], full).toContain(answer.status);
        const location = new URL(answer.headers.location ?? '', 'http://127.0.0.1');
        expect(location.pathname, full).toBe(`${prefix(lang)}/LogIn`);
        expect(location.searchParams.get(RETURN_PARAM), full).toBe(full);
      }
    });
  }
});
