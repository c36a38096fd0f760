import { getTranslations } from 'next-intl/server';
import { adminPath } from '@/lib/admin/areas';
import { openInquiry, serviceOptions, staffMembers } from '@/lib/inquiries';
import { eventTypeLabel, servicesLabel } from '@/lib/inquiries/labels';
import { autoIsolate, inquiryReference, isoDay, telHref } from '@/lib/inquiries/format';
import { DateText } from '@/components/date-text';
import { LtrToken } from '@/components/ltr-token';
import type { ReactNode } from 'react';
import { leadWhatsappUrl } from '@/lib/whatsapp';
import { AdminLink } from '@/components/admin/admin-link';
import type { LeadForm } from '@/lib/inquiries/constants';
import {
  InquiryAssignForm,
  InquiryDeleteButton,
  InquiryNoteForm,
  InquiryStatusForm,
  MarkUnreadButton,
  NoteOwnerControls,
  RefreshAfterRead,
} from './inquiry-controls';

/** /Admin/Inquiry/{id}: everything the visitor sent, the status, the notes; opening marks it read. */
/** What a form sent without scripts did (lib/inquiries/actions.ts): its toast, as the page's answer. */
const PLAIN_SAVED = {
  status: 'statusSaved',
  note: 'noteAdded',
  assign: 'assignmentSaved',
  editNote: 'noteSaved',
  deleteNote: 'noteDeleted',
  delete: 'deleted',
} as const satisfies Record<LeadForm, string>;

export async function InquiryDetail({
  id,
  locale,
  viewer,
  plain,
}: {
  id: number;
  locale: string;
  viewer: number;
  plain?: { form: LeadForm; ok: boolean };
}) {
  const [t, admin, quote, opened, staff, services] = await Promise.all([
    getTranslations('admin.inquiries'),
    getTranslations('admin'),
    getTranslations('quote'),
    openInquiry(id),
    staffMembers(),
    serviceOptions(locale),
  ]);
  const back = (
    <AdminLink href={adminPath.inquiries} className="mb-4 inline-block text-sm font-semibold underline">
      {t('back')}
    </AdminLink>
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
  // Latin-digit tokens (reference, phone, e-mail) isolated left to right and unbroken; dates as the
  // language writes them, never forced left to right (lib/i18n/dates.ts).
  const token = (value: string, testId?: string) => (value ? <LtrToken testId={testId}>{value}</LtrToken> : none);
  const rows: [string, ReactNode][] = [
    [t('reference'), token(inquiryReference(inquiry.id, inquiry.createdAt), 'inquiry-reference')],
    [t('received'), <DateText key="received" date={inquiry.createdAt} locale={locale} testId="inquiry-received" />],
    [t('phone'), token(inquiry.phone)],
    // An address may be longer than a phone's width: isolated, but free to break.
    [
      t('email'),
      inquiry.email ? (
        <bdi dir="ltr" className="break-all">
          {inquiry.email}
        </bdi>
      ) : (
        none
      ),
    ],
    [t('eventType'), eventTypeLabel(inquiry.eventType, quote)],
    [t('services'), servicesLabel(inquiry.services, new Map(services.map((s) => [s.value, s.label])), locale) || none],
    [t('eventDate'), inquiry.eventDate ? <DateText key="eventDate" date={inquiry.eventDate} locale={locale} style="day" /> : none],
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
      {plain &&
        (plain.ok ? (
          <p role="status" className="font-semibold" data-testid="inquiry-plain-notice">
            {t(PLAIN_SAVED[plain.form])}
          </p>
        ) : (
          <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="inquiry-plain-notice">
            {t(plain.form === 'delete' ? 'deleteFailed' : 'saveFailed')}
          </p>
        ))}
      <dl
        className="grid gap-x-6 gap-y-3 rounded-2xl bg-zinc-100 p-4 sm:grid-cols-[max-content_1fr] dark:bg-zinc-900"
        data-testid="inquiry-fields"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-zinc-700 dark:text-zinc-300">{label}</dt>
            <dd className="text-start break-words">{value}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold text-zinc-700 dark:text-zinc-300">{t('message')}</dt>
          <dd dir="auto" className="whitespace-pre-wrap break-words" data-testid="inquiry-message">
            {inquiry.message || none}
          </dd>
        </div>
      </dl>
      {/* When the visitor ticked the consent line (issue 27); older requests were sent without it. */}
      <p className="-mt-4 text-sm text-zinc-700 dark:text-zinc-300" data-testid="inquiry-consent">
        {inquiry.consentedAt
          ? t.rich('consentGiven', {
              when: () => <DateText date={inquiry.consentedAt!} locale={locale} testId="inquiry-consent-time" />,
            })
          : t('noConsent')}
      </p>
      <LeadContactLinks phone={inquiry.phone} email={inquiry.email} name={inquiry.name} label={t('contactLabel', { name: inquiry.name })} />
      <InquiryStatusForm id={inquiry.id} status={inquiry.status} />
      <InquiryAssignForm
        id={inquiry.id}
        assigneeId={inquiry.assigneeId}
        followUp={isoDay(inquiry.followUp)}
        // A lead given to someone who is no longer staff still shows whom it was given to.
        staff={
          inquiry.assigneeId && inquiry.assignee && !staff.some((s) => s.id === inquiry.assigneeId)
            ? [...staff, { id: inquiry.assigneeId, name: inquiry.assignee.name }]
            : staff
        }
      />
      <div>
        <MarkUnreadButton id={inquiry.id} />
      </div>
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
                  {/* The name isolated in its own direction (U+2068 … U+2069): a Latin name in an Arabic line keeps its order; the date is the line's language. */}
                  {t.rich('noteMeta', {
                    name: autoIsolate(note.authorName),
                    when: () => <DateText date={note.createdAt} locale={locale} testId="inquiry-note-time" />,
                  })}
                  {note.updatedAt && <> ({t('noteEdited')})</>}
                </p>
                {note.authorId === viewer && <NoteOwnerControls leadId={inquiry.id} noteId={note.id} text={note.text} />}
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

/** Call, WhatsApp and mail a lead in one tap (each only when the visitor gave what it needs). */
async function LeadContactLinks({ phone, email, name, label }: { phone: string; email: string; name: string; label: string }) {
  const t = await getTranslations('admin.inquiries');
  const whatsapp = phone ? leadWhatsappUrl(phone) : null;
  if (!phone && !email) return null;
  const link = 'btn-secondary';
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2" data-testid="lead-contact" data-name={name}>
      {phone && (
        <a href={telHref(phone)} className={link} data-testid="lead-call">
          {t('call')}
        </a>
      )}
      {whatsapp && (
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={link} data-testid="lead-whatsapp">
          {t('whatsapp')}
        </a>
      )}
      {email && (
        <a href={`mailto:${email}`} className={link} data-testid="lead-mail">
          {t('mailTo')}
        </a>
      )}
    </nav>
  );
}
