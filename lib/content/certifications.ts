import 'server-only';
import { cacheTag } from 'next/cache';
import { cachedRead, isLocale, refuseUnlessValid, unwrap } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { rowImageUrl } from '@/lib/entities/define';
import { certifications } from '@/lib/entities/certifications';
import { dubaiIsoDay } from '@/lib/i18n/dates';

// Certifications and awards as the public pages show them (issue 37 item 2): those valid today
// in the UAE, so one whose last day was yesterday is gone. A page keeps a read at most a minute
// (lib/cache.ts), so it is gone from the pages within a minute of midnight in Dubai, with no job
// to run. At most CERTIFICATIONS_SHOWN, oldest first (the order staff added them).

/** The most certifications and awards a page shows. */
export const CERTIFICATIONS_SHOWN = 24;

export type CertificationView = ReturnType<typeof certifications.view>;

async function readCertifications(locale: string, ...extra: unknown[]) {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale));
  cacheTag(certifications.key);
  return cachedRead(async (): Promise<CertificationView[]> => {
    const today = new Date(`${dubaiIsoDay(new Date())}T00:00:00Z`);
    const rows = await db.certification.findMany({
      where: { OR: [{ expiresOn: null }, { expiresOn: { gte: today } }] },
      orderBy: { id: 'asc' },
      take: CERTIFICATIONS_SHOWN,
    });
    return rows.map((row) => certifications.view(row, locale, rowImageUrl(certifications, row)));
  });
}

/** The certifications and awards valid today (UAE), in the order they were added. */
export const getCertifications = async (locale: string) => unwrap(await readCertifications(locale));
