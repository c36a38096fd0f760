import { getTranslations } from 'next-intl/server';
import { adminPath } from '@/lib/admin/areas';
import { openInquiry, serviceOptions, staffMembers } from '@/lib/inquiries';
import { eventTypeLabel, servicesLabel } from '@/lib/inquiries/labels';
import { autoIsolate, formatDubaiTime, inquiryReference, isoDay, ltrIsolate, telHref } from '@/lib/inquiries/format';
import { leadWhatsappUrl } from '@/lib/whatsapp';
import { AdminLink } from '@/components/admin/admin-link';
import type { PlainLeadForm } from '@/lib/inquiries/constants';
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
/** What a form sent without scripts did (lib/inquiries/actions.ts leadFormPlain): its toast, as the page's answer. */
const PLAIN_SAVED = {
  status: 'statusSaved',
  note: 'noteAdded',
  assign: 'assignmentSaved',
  editNote: 'noteSaved',
  deleteNote: 'noteDeleted',
  delete: 'deleted',
} as const satisfies Record<PlainLeadForm, string>;

export async function InquiryDetail({
  id,
  locale,
  viewer,
  plain,
}: {
  id: number;
  locale: string;
  viewer: number;
  plain?: { form: PlainLeadForm; ok: boolean };
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
  const rows: [string, string, boolean?][] = [
    [t('reference'), inquiryReference(inquiry.id, inquiry.createdAt), true],
    [t('received'), formatDubaiTime(inquiry.createdAt, locale)],
    [t('phone'), inquiry.phone || none, true],
    [t('email'), inquiry.email || none, true],
    [t('eventType'), eventTypeLabel(inquiry.eventType, quote)],
    [t('services'), servicesLabel(inquiry.services, new Map(services.map((s) => [s.value, s.label]))) || none],
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
        {rows.map(([label, value, ltr]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-zinc-700 dark:text-zinc-300">{label}</dt>
            {/* Phone, e-mail, dates, reference: isolated left to right, at the start of the line. */}
            <dd className="text-start break-words">{ltr ? <bdi dir="ltr">{value}</bdi> : value}</dd>
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
        {inquiry.consentedAt ? t('consentGiven', { time: ltrIsolate(formatDubaiTime(inquiry.consentedAt, locale)) }) : t('noConsent')}
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
                  {/* Each part isolated (U+2068/U+2066 … U+2069): a Latin name and a date inside an Arabic line keep their own order. */}
                  {t('noteMeta', { name: autoIsolate(note.authorName), time: ltrIsolate(formatDubaiTime(note.createdAt, locale)) })}
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
