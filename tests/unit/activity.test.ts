import { describe, expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { changedFields, loggedValue, rowSnapshot } from '@/lib/activity';
import { activityNotice, activityQuery, parseActivityFilter } from '@/lib/activity/read';
import { canRestore } from '@/lib/activity/restore';
import { RESTORE_DAYS } from '@/lib/activity/kinds';

// The activity log's rules that need no database: what counts as a change and how a value is
// kept, what the screen's filter accepts, and the restore window.

describe('changes', () => {
  it('only the fields that changed, with their values before and after', () => {
    const before = { titleEn: 'Stage', titleAr: 'مسرح', image: 'a.jpg', cost: new Prisma.Decimal('10.50') };
    const after = { titleEn: 'Stage hire', titleAr: 'مسرح', image: 'b.webp', cost: new Prisma.Decimal('10.5') };
    expect(changedFields(before, after, ['titleEn', 'titleAr', 'image', 'cost'])).toEqual({
      titleEn: { before: 'Stage', after: 'Stage hire' },
      image: { before: 'a.jpg', after: 'b.webp' },
    });
  });

  it('a created or deleted row: its values on one side, empty fields left out', () => {
    expect(changedFields(null, { name: 'A', details: '', ids: [] }, ['name', 'details', 'ids'])).toEqual({
      name: { before: null, after: 'A' },
    });
    expect(changedFields({ name: 'A', ids: [3] }, null, ['name', 'ids'])).toEqual({
      name: { before: 'A', after: null },
      ids: { before: [3], after: null },
    });
  });

  it('never a password, token or secret, even when a caller names it', () => {
    const row = { name: 'A', passwordHash: '$argon2id$x', tokenHash: 'ab', apiSecret: 's' };
    expect(changedFields(null, row, Object.keys(row))).toEqual({ name: { before: null, after: 'A' } });
    expect(rowSnapshot(row)).toEqual({ name: 'A' });
  });

  it('dates as days (or whole times in a snapshot), decimals as text, JSON as is', () => {
    expect(loggedValue(new Date('2026-03-04T00:00:00Z'))).toBe('2026-03-04');
    expect(loggedValue(new Date('2026-03-04T10:20:30.000Z'))).toBe('2026-03-04T10:20:30.000Z');
    expect(loggedValue(new Prisma.Decimal('12.50'))).toBe('12.5');
    expect(loggedValue([{ file: 'g.jpg', width: 10 }])).toEqual([{ file: 'g.jpg', width: 10 }]);
    expect(rowSnapshot({ id: 3, date: new Date('2026-03-04T00:00:00Z') })).toEqual({ id: 3, date: '2026-03-04T00:00:00.000Z' });
  });
});

describe('the filter', () => {
  it('keeps what it knows and drops the rest, never failing', () => {
    expect(
      parseActivityFilter({ person: '7', entity: 'services', kind: 'update', from: '2026-01-31', to: '2026-02-01', page: '2' }),
    ).toEqual({
      person: 7,
      entity: 'services',
      kind: 'update',
      from: '2026-01-31',
      to: '2026-02-01',
      signIns: false,
      page: 2,
    });
    expect(
      parseActivityFilter({ person: 'x', entity: '__proto__', kind: 'constructor', from: '2026-02-30', to: '2026-1-1', page: '-3' }),
    ).toEqual({ person: null, entity: null, kind: null, from: null, to: null, signIns: false, page: 1 });
    // Routine sign-ins are shown only when asked for with exactly "1".
    expect(parseActivityFilter({ signIns: '1' }).signIns).toBe(true);
    expect(parseActivityFilter({ signIns: 'yes' }).signIns).toBe(false);
    expect(activityQuery(parseActivityFilter({ signIns: '1', kind: 'update' }))).toBe('kind=update&signIns=1');
    expect(parseActivityFilter({ kind: ['signIn', 'delete'], page: '1e9' })).toMatchObject({ kind: 'signIn', page: 1 });
  });

  it('round-trips through the URL', () => {
    const filter = parseActivityFilter({ entity: 'settings', kind: 'update', from: '2026-01-01' });
    expect(activityQuery(filter)).toBe('entity=settings&kind=update&from=2026-01-01');
    expect(activityQuery(filter, 3)).toBe('entity=settings&kind=update&from=2026-01-01&page=3');
    expect(parseActivityFilter(Object.fromEntries(new URLSearchParams(activityQuery(filter, 3))))).toEqual({ ...filter, page: 3 });
  });

  it("the restore's outcome: an entry id or a code, never free text", () => {
    expect(activityNotice({ restored: '12' })).toEqual({ restored: 12 });
    expect(activityNotice({ restoreError: 'restoreExpired' })).toEqual({ error: 'restoreExpired' });
    expect(activityNotice({ restoreError: '<script>' })).toBeNull();
  });
});

describe('the restore window', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const entry = (kind: string, entity: string | null, ageDays: number) => ({
    kind,
    entity,
    snapshot: { id: 1 },
    createdAt: new Date(Date.now() - ageDays * DAY),
  });
  it(`a delete of a content entity, for ${RESTORE_DAYS} days`, () => {
    expect(canRestore(entry('delete', 'services', RESTORE_DAYS - 0.01))).toBe(true);
    expect(canRestore(entry('delete', 'services', RESTORE_DAYS + 0.01))).toBe(false);
    expect(canRestore(entry('update', 'services', 1))).toBe(false);
    expect(canRestore(entry('delete', 'users', 1))).toBe(false);
    expect(canRestore(entry('delete', 'inquiries', 1))).toBe(false);
  });
});
