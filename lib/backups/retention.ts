import { dubaiIsoDay } from '@/lib/i18n/dates';

// Which archives to keep (BACKUP_KEEP_DAILY / _WEEKLY / _MONTHLY, 7 / 4 / 6 by default): the
// newest archive of each of the last N UAE days, ISO weeks and months that have one, a verified
// one before an unverified one of the same period, and always the newest archive of all (it may
// be the one being verified). Everything else goes. Pure: the runner applies it.

export interface ArchiveInfo {
  name: string;
  at: Date;
  verified: boolean;
}

export interface KeepRules {
  daily: number;
  weekly: number;
  monthly: number;
}

const parts = (at: Date) => {
  const [y, m, d] = dubaiIsoDay(at).split('-').map(Number) as [number, number, number];
  return { y, m, d };
};

/** ISO 8601 week of a UAE calendar day, "2026-W49". */
function isoWeek({ y, m, d }: { y: number; m: number; d: number }): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  // The week's Thursday decides its year (ISO 8601).
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

const periods = {
  daily: (at: Date) => {
    const { y, m, d } = parts(at);
    return `${y}-${m}-${d}`;
  },
  weekly: (at: Date) => isoWeek(parts(at)),
  monthly: (at: Date) => {
    const { y, m } = parts(at);
    return `${y}-${m}`;
  },
};

/** The names to delete. */
export function toPrune(archives: readonly ArchiveInfo[], keep: KeepRules): string[] {
  const newestFirst = [...archives].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  if (newestFirst[0]) kept.add(newestFirst[0].name);
  for (const rule of ['daily', 'weekly', 'monthly'] as const) {
    const best = new Map<string, ArchiveInfo>();
    for (const archive of newestFirst) {
      const period = periods[rule](archive.at);
      const current = best.get(period);
      // Newest first: the first seen is the newest; a verified one replaces an unverified one.
      if (!current || (!current.verified && archive.verified)) best.set(period, archive);
    }
    // Map keeps insertion order, newest period first.
    for (const archive of [...best.values()].slice(0, keep[rule])) kept.add(archive.name);
  }
  return newestFirst.filter((a) => !kept.has(a.name)).map((a) => a.name);
}
