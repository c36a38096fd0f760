import { describe, expect, it } from 'vitest';
import { archiveName, archiveTime } from '@/lib/backups/create';
import { toPrune, type ArchiveInfo } from '@/lib/backups/retention';
import { parseManifest } from '@/lib/backups/archive';
import { createHash } from 'node:crypto';

// The rules of issue 33 that need no database: archive names, retention, the manifest's checks.

const at = (iso: string, verified = true): ArchiveInfo => {
  const date = new Date(iso);
  return { name: archiveName(date, false), at: date, verified };
};

describe('archive names', () => {
  it('say when they were made, to the millisecond, and nothing else is one', () => {
    const when = new Date('2026-12-01T23:00:00.123Z');
    expect(archiveName(when, false)).toBe('sevenstars-backup-2026-12-01T23-00-00-123Z.tar');
    expect(archiveName(when, true)).toBe('sevenstars-backup-2026-12-01T23-00-00-123Z.tar.age');
    expect(archiveTime(archiveName(when, true))?.toISOString()).toBe(when.toISOString());
    expect(archiveTime('.partial-sevenstars-backup-2026-12-01T23-00-00-123Z.tar-ab12')).toBeNull();
    expect(archiveTime('notes.txt')).toBeNull();
  });
});

describe('retention (7 daily, 4 weekly, 6 monthly by default)', () => {
  it('keeps the newest of each of the last N UAE days, ISO weeks and months, and the newest of all', () => {
    // Nightly at 03:00 UAE (23:00 UTC the day before) for 200 nights up to Thursday 17 Dec 2026, and one more that afternoon.
    const last = Date.UTC(2026, 11, 16, 23, 0, 0);
    const nightly = Array.from({ length: 200 }, (_, i) => at(new Date(last - i * 86_400_000).toISOString()));
    const extra = at('2026-12-17T10:00:00.000Z');
    const all = [...nightly, extra];
    const pruned = new Set(toPrune(all, { daily: 7, weekly: 4, monthly: 6 }));
    const kept = all
      .filter((a) => !pruned.has(a.name))
      .map((a) => a.at.toISOString())
      .sort();
    const night = (day: string) => `2026-${day}T23:00:00.000Z`;
    expect(kept).toEqual(
      [
        // Days: 17 Dec (its newest, the afternoon one) and the six nights before.
        '2026-12-17T10:00:00.000Z',
        ...['12-15', '12-14', '12-13', '12-12', '12-11', '12-10'].map(night),
        // ISO weeks (Monday to Sunday, UAE): this one (the afternoon one), then each one's Sunday: 13 Dec (kept above), 6 Dec, 29 Nov.
        night('12-05'),
        night('11-28'),
        // Months: December (the afternoon one), then each one's last night: 30 Nov, 31 Oct, 30 Sep, 31 Aug, 31 Jul.
        night('11-29'),
        night('10-30'),
        night('09-29'),
        night('08-30'),
        night('07-30'),
      ].sort(),
    );
  });

  it('prefers a verified archive of a period to a newer unverified one, and never drops the newest', () => {
    const a = at('2026-12-01T23:00:00.000Z', true);
    const b = at('2026-12-02T10:00:00.000Z', false);
    const c = at('2026-12-02T12:00:00.000Z', false);
    expect(toPrune([a, b, c], { daily: 1, weekly: 0, monthly: 0 }).sort()).toEqual([b.name]);
    expect(toPrune([a], { daily: 0, weekly: 0, monthly: 0 })).toEqual([]);
    // One UAE day: its newest verified one (d) and the newest of all (c) stay.
    const d = at('2026-12-02T11:00:00.000Z', true);
    expect(toPrune([a, b, c, d], { daily: 2, weekly: 0, monthly: 0 }).sort()).toEqual([a.name, b.name].sort());
  });
});

describe('the manifest', () => {
  it('is refused when missing, altered, foreign or from a newer format', () => {
    const good = Buffer.from('{"format":"sevenstars-backup","version":2}');
    const sum = (b: Buffer) => Buffer.from(createHash('sha256').update(b).digest('hex'));
    expect(() => parseManifest(null, null)).toThrow('The archive is incomplete (it ends before its manifest)');
    expect(() => parseManifest(good, Buffer.from('0'.repeat(64)))).toThrow(
      'The archive is damaged: its manifest does not match its checksum.',
    );
    expect(() => parseManifest(good, sum(good))).toThrow('The archive was made by a newer version of this site');
    const foreign = Buffer.from('{"name":"something else"}');
    expect(() => parseManifest(foreign, sum(foreign))).toThrow('This is not a backup archive of this site (its manifest is foreign).');
    const junk = Buffer.from('not json');
    expect(() => parseManifest(junk, sum(junk))).toThrow('The archive is damaged: its manifest is not readable.');
  });
});
