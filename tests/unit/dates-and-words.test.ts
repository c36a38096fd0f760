import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { changeTexts, detailText, fieldLabel, valueText, type ActivityWords } from '@/lib/activity/words';
import { formatList, formatWhen, isoDubaiTime } from '@/lib/i18n/dates';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// Issue 35: the one date helper's styles and machine form, lists by language, and the activity
// log's words for what an entry keeps.
const AT = new Date('2026-12-01T18:49:00Z'); // 22:49 in Dubai

describe('dates', () => {
  it('writes each named style as CLDR does for the language, in UAE time', () => {
    const dubai = { timeZone: 'Asia/Dubai' } as const;
    expect(formatWhen(AT, 'ar')).toBe(new Intl.DateTimeFormat('ar', { ...dubai, dateStyle: 'medium', timeStyle: 'short' }).format(AT));
    expect(formatWhen(AT, 'en')).toBe('1 Dec 2026, 22:49');
    expect(formatWhen(AT, 'en', 'date')).toBe('1 Dec 2026');
    expect(formatWhen(AT, 'en', 'time')).toBe('22:49');
    // A date column is UTC midnight: its own day, not the day before in some zone.
    expect(formatWhen(new Date('2026-12-02T00:00:00Z'), 'en', 'day')).toBe('2 Dec 2026');
    expect(formatWhen(new Date('2026-12-02T00:00:00Z'), 'en', 'longDay')).toBe('2 December 2026');
    // Arabic carries its own right-to-left marks; no left-to-right isolate is ever added.
    expect(formatWhen(AT, 'ar')).not.toMatch(/[\u2066\u2069\u202A\u202D]/);
  });

  it('gives machines ISO 8601 in UAE time with the offset', () => {
    expect(isoDubaiTime(AT)).toBe('2026-12-01T22:49:00+04:00');
    expect(isoDubaiTime(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01T01:00:00+04:00');
  });

  it('lists with the language’s separators: the Arabic comma in Arabic', () => {
    expect(formatList(['Sound', 'Light', 'Screens'], 'en')).toBe('Sound, Light, Screens');
    expect(formatList(['صوت', 'إضاءة', 'شاشات'], 'ar')).toBe('صوت، وإضاءة، وشاشات');
  });
});

describe('the activity log in words', () => {
  const words = (locale: 'en' | 'ar'): ActivityWords => ({
    t: createTranslator({ locale, messages: locale === 'ar' ? ar : en }) as unknown as ActivityWords['t'],
    locale,
    people: new Map([[7, 'Layla Hassan']]),
  });
  const photo = (n: number) => ({ file: `photo${n}abcdef.jpg`, width: 10, height: 10 });

  it('a status as the inquiry screen says it; an assignee by name; nobody; a deleted account', () => {
    const w = words('ar');
    expect(valueText(w, 'inquiries', 'status', 'contacted')).toBe('تم التواصل');
    expect(valueText(w, 'inquiries', 'assigneeId', 7)).toBe('Layla Hassan');
    expect(valueText(w, 'inquiries', 'assigneeId', null)).toBe('لا أحد');
    expect(valueText(w, 'inquiries', 'assigneeId', 99)).toBe('حساب محذوف');
    expect(fieldLabel(w, 'inquiries', 'assigneeId')).toBe('المسؤول');
    expect(fieldLabel(words('en'), 'inquiries', 'assigneeId')).toBe('Assigned to');
  });

  it('a gallery by its photos: reordered, added, removed', () => {
    const w = words('en');
    const four = [1, 2, 3, 4].map(photo);
    expect(changeTexts(w, 'events', 'gallery', { before: four, after: [2, 1, 3, 4].map(photo) })).toEqual({
      before: '4 photos',
      after: '4 photos, order changed',
    });
    expect(changeTexts(w, 'events', 'gallery', { before: four, after: [1, 2, 3, 4, 5].map(photo) }).after).toBe('5 photos, 1 added');
    expect(changeTexts(w, 'events', 'gallery', { before: four, after: [4, 3].map(photo) }).after).toBe(
      '2 photos, 2 removed, order changed',
    );
    expect(changeTexts(words('ar'), 'events', 'gallery', { before: four, after: [2, 1, 3, 4].map(photo) }).after).toBe(
      '4 صور، تغيّر الترتيب',
    );
  });

  it('times and days as the date helper writes them; no JSON for other values', () => {
    const w = words('en');
    expect(valueText(w, 'inquiries', 'readAt', AT.toISOString())).toBe('1 Dec 2026, 22:49');
    expect(valueText(w, 'inquiries', 'followUp', '2026-12-02')).toBe('2 Dec 2026');
    expect(valueText(w, 'events', 'videos', ['a', 'b'])).toBe('a, b');
    expect(valueText(w, 'events', 'other', { a: 1 })).toBe('Changed');
  });

  it('an invitation’s address and role labelled as such; a refused sign-in as before', () => {
    expect(detailText(words('ar'), 'invitation', 'x@example.test admin')).toBe(
      'البريد الإلكتروني: \u2066x@example.test\u2069 · الدور: مسؤول',
    );
    expect(detailText(words('en'), 'invitationRevoked', 'x@example.test mini')).toBe(
      'E-mail: \u2066x@example.test\u2069 · Role: Mini Admin',
    );
    expect(detailText(words('en'), 'create', 'invitation admin')).toBe('Accepted an invitation as Admin');
    expect(detailText(words('en'), 'signInRefused', 'invalidCredentials -')).toBe(
      `${en.errors.invalidCredentials} (e-mail typed: not an e-mail address)`,
    );
    expect(detailText(words('en'), 'twoFactorOff', 'adminReset')).toBe('Turned off by an Admin');
  });
});
