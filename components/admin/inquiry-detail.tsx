import { getTranslations } from 'next-intl/server';
import { adminPath } from '@/lib/admin/areas';
import { openInquiry } from '@/lib/inquiries';
import { OTHER_EVENT_TYPE } from '@/lib/inquiries/constants';
import { formatDubaiTime, isoDay } from '@/lib/inquiries/format';
import { Link } from '@/lib/i18n/navigation';
import { InquiryDeleteButton, InquiryNoteForm, InquiryStatusForm, RefreshAfterRead } from './inquiry-controls';

/** /Admin/Inquiry/{id}: everything the visitor sent, the status, the notes; opening marks it read. */
export async function InquiryDetail({ id, locale }: { id: number; locale: string }) {
  const [t, admin, quote, opened] = await Promise.all([
    getTranslations('admin.inquiries'),
    getTranslations('admin'),
    getTranslations('quote'),
    openInquiry(id),
  ]);
  const back = (
    <Link href={adminPath.inquiries} className="mb-4 inline-block text-sm font-semibold underline">
      {t('back')}
    </Link>
  );
  if (!opened) {
    return (
      <section>
        {back}
        <p role="alert" className="text-lg font-semibold" data-testid="not-found">
          {admin('notFound')}
        </p>
      </section>
    );
  }
  const { inquiry, justRead } = opened;
  const none = t('none');
  const rows: [string, string, boolean?][] = [
    [t('received'), formatDubaiTime(inquiry.createdAt, locale)],
    [t('phone'), inquiry.phone || none, true],
    [t('email'), inquiry.email || none, true],
    [t('eventType'), inquiry.eventType === OTHER_EVENT_TYPE ? quote('eventTypeOther') : inquiry.eventType],
    [t('eventDate'), isoDay(inquiry.eventDate) || none, true],
    [t('city'), quote(`cities.${inquiry.city as 'dubai'}`)],
    [t('guests'), inquiry.guests === null ? none : String(inquiry.guests)],
    [t('budget'), inquiry.budget ? quote(`budgets.${inquiry.budget as 'under-25k'}`) : none],
    [t('language'), t(`languages.${inquiry.locale === 'ar' ? 'ar' : 'en'}`)],
  ];
  return (
    <section className="grid max-w-3xl gap-6">
      {justRead && <RefreshAfterRead />}
      <div>
        {back}
        <h1 className="text-3xl font-extrabold" data-testid="inquiry-title">
          {t('detailTitle', { name: inquiry.name })}
        </h1>
      </div>
      <dl
        className="grid gap-x-6 gap-y-3 rounded-2xl bg-zinc-100 p-4 sm:grid-cols-[max-content_1fr] dark:bg-zinc-900"
        data-testid="inquiry-fields"
      >
        {rows.map(([label, value, ltr]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-zinc-700 dark:text-zinc-300">{label}</dt>
            <dd dir={ltr ? 'ltr' : undefined} className="text-start break-words">
              {value}
            </dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold text-zinc-700 dark:text-zinc-300">{t('message')}</dt>
          <dd dir="auto" className="whitespace-pre-wrap break-words" data-testid="inquiry-message">
            {inquiry.message || none}
          </dd>
        </div>
      </dl>
      <InquiryStatusForm id={inquiry.id} status={inquiry.status} />
      <section aria-labelledby="inquiry-notes-heading" className="grid gap-3">
        <h2 id="inquiry-notes-heading" className="text-xl font-bold">
          {t('notes')}
        </h2>
        {inquiry.notes.length === 0 ? (
          <p>{t('noNotes')}</p>
        ) : (
          <ul className="grid gap-2" data-testid="inquiry-notes">
            {inquiry.notes.map((note) => (
              <li key={note.id} className="rounded-xl bg-zinc-100 p-3 dark:bg-zinc-900" data-testid="inquiry-note">
                <p dir="auto" className="whitespace-pre-wrap break-words">
                  {note.text}
                </p>
                <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300" data-testid="inquiry-note-meta">
                  {t('noteMeta', { name: note.authorName, time: formatDubaiTime(note.createdAt, locale) })}
                </p>
              </li>
            ))}
          </ul>
        )}
        <InquiryNoteForm id={inquiry.id} />
      </section>
      <div>
        <InquiryDeleteButton id={inquiry.id} name={inquiry.name} />
      </div>
    </section>
  );
}
