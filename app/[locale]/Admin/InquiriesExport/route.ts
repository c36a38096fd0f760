import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { requireSessionUser } from '@/lib/auth/guard';
import { isDbFault, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { errorMessage } from '@/lib/i18n/messages';
import { AppError } from '@/lib/errors';
import { exportInquiries, parseInquiryFilter, serviceOptions } from '@/lib/inquiries';
import { eventTypeLabel, servicesLabel } from '@/lib/inquiries/labels';
import { toCsv } from '@/lib/inquiries/csv';
import { inquiryReference, isoDay } from '@/lib/inquiries/format';
import { isoDubaiTime } from '@/lib/i18n/dates';
import { routing } from '@/lib/i18n/routing';

// The inbox's CSV: the filter in the address bar (the same as the screen's), every matching row,
// column names in the screen's language. Phone numbers stay raw (no U+2066 isolates): a
// spreadsheet shows a cell in its own direction, and marks would break sorting, search and re-import. Behind the one guard, with the session cookie, like the
// screen itself; never cached.
export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = hasLocale(routing.locales, raw) ? raw : routing.defaultLocale;
  const t = await getTranslations({ locale, namespace: 'admin.inquiries' });
  const quote = await getTranslations({ locale, namespace: 'quote' });
  try {
    const user = await requireSessionUser('content');
    const filter = parseInquiryFilter(Object.fromEntries(new URL(request.url).searchParams));
    const [rows, services] = await Promise.all([exportInquiries(filter, user.id), serviceOptions(locale)]);
    const serviceLabels = new Map(services.map((s) => [s.value, s.label]));
    const header = [
      t('id'),
      t('received'),
      t('name'),
      t('phone'),
      t('email'),
      t('eventType'),
      t('eventDate'),
      t('city'),
      t('guests'),
      t('budget'),
      t('message'),
      t('language'),
      t('status'),
      t('read'),
      t('notes'),
      t('reference'),
      t('assignee'),
      t('followUp'),
      t('services'),
      // Last, like every column added since: the places a spreadsheet or an import expects stay.
      t('consent'),
    ];
    const body = rows.map((r) => [
      r.id,
      // Times as ISO 8601 in UAE time (a spreadsheet reads them as times); days as YYYY-MM-DD.
      isoDubaiTime(r.createdAt),
      r.name,
      r.phone,
      r.email,
      eventTypeLabel(r.eventType, quote),
      isoDay(r.eventDate),
      quote(`cities.${r.city as 'dubai'}`),
      r.guests,
      r.budget ? quote(`budgets.${r.budget as 'under-25k'}`) : '',
      r.message,
      t(`languages.${r.locale === 'ar' ? 'ar' : 'en'}`),
      t(`statuses.${r.status as 'new'}`),
      r.readAt ? t('yes') : t('no'),
      r.notes.map((n) => `${t.markup('noteMeta', { name: n.authorName, when: () => isoDubaiTime(n.createdAt) })}: ${n.text}`).join('\n'),
      inquiryReference(r.id, r.createdAt),
      r.assignee?.name ?? '',
      isoDay(r.followUp),
      servicesLabel(r.services, serviceLabels),
      r.consentedAt ? isoDubaiTime(r.consentedAt) : '',
    ]);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(toCsv([header, ...body]), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="inquiries-${day}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    const status = error instanceof AppError ? error.status : isDbFault(error) ? 503 : 500;
    if (status === 500) console.error('[inquiries export] unexpected error', error);
    const code = error instanceof AppError ? error.code : status === 503 ? 'unavailable' : 'server';
    const headers: Record<string, string> = { 'Cache-Control': 'private, no-store' };
    if (status === 503) headers['Retry-After'] = String(RETRY_AFTER_SECONDS);
    return Response.json({ message: errorMessage(code, locale) }, { status, headers });
  }
}
