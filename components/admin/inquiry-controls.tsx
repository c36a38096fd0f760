'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { ActionResult } from '@/lib/admin/action-kit';
import { adminPath } from '@/lib/admin/areas';
import { addNote, assignLead, deleteInquiry, deleteNote, editNote, markUnread, saveInquiryStatus } from '@/lib/inquiries/actions';
import { LEAD_ID_FIELD, NOTE_ID_FIELD, STATUSES } from '@/lib/inquiries/constants';
import { scriptedForm } from '@/lib/http/scripted-form';
import { runtimeKey } from '@/lib/i18n/keys';
import { getPathname, useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { ConfirmDialog } from './confirm-dialog';
import { useUnsavedChanges } from './unsaved-changes';
import { useScripted } from '@/components/ui/use-scripted';

const failed = (): ActionResult => ({ ok: false, error: 'server' });

/**
 * Opening an inquiry marks it read while the page is drawn, after the menu (a layout, kept across
 * client-side navigation) drew the unread count: this draws the screen once more so the count
 * follows. Rendered only by the render that marked it, so it runs once.
 */
export function RefreshAfterRead() {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    router.refresh();
  }, [router]);
  return null;
}

/**
 * Each of the lead's forms has one action (lib/inquiries/actions.ts). Without scripts the browser
 * posts the form to it (useActionState gives it its two arguments) and it answers with the lead's
 * page; with them a handler calls it with the form marked as scripted and shows a toast. These
 * hidden fields say which lead (and note) and the page's language.
 */
function LeadFields({ id, noteId }: { id: number; noteId?: number }) {
  return (
    <>
      <input type="hidden" name="locale" value={useLocale()} />
      <input type="hidden" name={LEAD_ID_FIELD} value={id} />
      {noteId !== undefined && <input type="hidden" name={NOTE_ID_FIELD} value={noteId} />}
    </>
  );
}

/** A scripted call's form: the lead (and note) and the fields of a control that is not a whole form. */
function leadForm(leadId: number, fields: Record<string, string> = {}): FormData {
  const form = scriptedForm(new FormData());
  form.set(LEAD_ID_FIELD, String(leadId));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/**
 * Without scripts a button cannot open a dialog or a form: a native disclosure holds it instead,
 * its summary looking like the button the scripted page shows.
 */
function PlainDisclosure({
  label,
  danger = false,
  testId,
  children,
}: {
  label: string;
  danger?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <details className="w-full">
      <summary
        className={`${danger ? 'btn-danger' : 'btn-secondary'} inline-flex cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        data-testid={testId}
      >
        {label}
      </summary>
      <div className="mt-2 grid gap-2">{children}</div>
    </details>
  );
}

/** What a control that saves on change says beside itself: saving, saved, or not saved (its old value back). */
type ControlState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The lead's own controls save as soon as they change (issue 35: a status changed and a note added, with one Save
 * pressed, was shown as saved and was not). Each says so beside itself, and a failed save puts the saved value
 * back, so what the screen shows is what is stored. Without scripts the same forms post with their Save button.
 */
function ControlStatus({ state, testId }: { state: ControlState; testId: string }) {
  const t = useTranslations('admin.inquiries');
  const words = { idle: t('savesOnChange'), saving: t('controlSaving'), saved: t('controlSaved'), failed: t('controlNotSaved') }[state];
  return (
    <p
      role="status"
      className={`min-h-6 text-sm font-semibold ${state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-zinc-700 dark:text-zinc-300'}`}
      data-testid={testId}
      data-state={state}
    >
      {words}
    </p>
  );
}

export function InquiryStatusForm({ id, status }: { id: number; status: string }) {
  const t = useTranslations('admin.inquiries');
  const scripted = useScripted();
  const [state, setState] = useState<ControlState>('idle');
  const saved = useRef(status);
  const select = useRef<HTMLSelectElement>(null);
  const [, formAction] = useActionState(saveInquiryStatus, null);
  async function save(value: string) {
    setState('saving');
    const result = await saveInquiryStatus(null, leadForm(id, { status: value })).catch(failed);
    if (result.ok) {
      saved.current = value;
      setState('saved');
      toast.success(t('statusSaved'), { duration: TIMINGS.successToastMs });
    } else {
      if (select.current) select.current.value = saved.current;
      setState('failed');
      toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
    }
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(String(new FormData(event.currentTarget).get('status')));
  }
  return (
    <form action={formAction} onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" data-testid="inquiry-status-form">
      <LeadFields id={id} />
      <div>
        <label htmlFor="inquiry-status" className="mb-1 block text-sm font-semibold">
          {t('status')}
        </label>
        <select
          ref={select}
          id="inquiry-status"
          name="status"
          defaultValue={status}
          onChange={(event) => void save(event.currentTarget.value)}
          aria-describedby={scripted ? 'inquiry-status-state' : undefined}
          className="field-input"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {/* With scripts the change is the save; without them the form posts. */}
      {scripted ? (
        <div id="inquiry-status-state">
          <ControlStatus state={state} testId="inquiry-status-state" />
        </div>
      ) : (
        <button type="submit" className="btn-primary" data-testid="inquiry-status-save">
          {t('saveStatus')}
        </button>
      )}
    </form>
  );
}

export function InquiryNoteForm({ id }: { id: number }) {
  const t = useTranslations('admin.inquiries');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const noteForm = useRef<HTMLFormElement>(null);
  const [, formAction] = useActionState(addNote, null);
  // A note being typed is a change: leaving asks, and the tab keeps it as a draft. Once added the
  // form is empty again, as it was drawn, so nothing is left to guard.
  const unsaved = useUnsavedChanges(noteForm, {
    draft: {
      key: `note:${id}`,
      read: (data) => ({ text: String(data.get('text') ?? '') }),
      restore: (values) => {
        if (field.current) field.current.value = values.text ?? '';
      },
    },
  });
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const result = await addNote(null, scriptedForm(form)).catch(failed);
    setBusy(false);
    if (result.ok) {
      form.reset();
      unsaved.saved();
      setError('');
      toast.success(t('noteAdded'), { duration: TIMINGS.successToastMs });
      return;
    }
    const code = result.fieldErrors?.text?.[0];
    if (code && t.has(runtimeKey(`noteErrors.${code}`))) {
      setError(t(runtimeKey(`noteErrors.${code}`)));
      field.current?.focus();
    } else toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
  }
  return (
    <form ref={noteForm} action={formAction} onSubmit={onSubmit} className="grid gap-2" data-testid="inquiry-note-form">
      {unsaved.notice}
      <LeadFields id={id} />
      <label htmlFor="inquiry-note" className="font-semibold">
        {t('noteLabel')}
      </label>
      <textarea
        ref={field}
        id="inquiry-note"
        name="text"
        rows={3}
        maxLength={5000}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'inquiry-note-error' : undefined}
        className="field-input"
      />
      {error && (
        <p id="inquiry-note-error" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} aria-busy={busy} className="btn-primary justify-self-start" data-testid="inquiry-note-save">
        {t('addNote')}
      </button>
    </form>
  );
}

export function InquiryDeleteButton({ id, name }: { id: number; name: string }) {
  const t = useTranslations('admin.inquiries');
  const router = useRouter();
  const scripted = useScripted();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, formAction] = useActionState(deleteInquiry, null);
  async function confirm() {
    setBusy(true);
    const result = await deleteInquiry(null, leadForm(id)).catch(failed);
    setBusy(false);
    setOpen(false);
    if (result.ok) {
      toast.success(t('deleted'), { duration: TIMINGS.successToastMs });
      router.push(adminPath.inquiries);
    } else toast.error(t('deleteFailed'), { duration: TIMINGS.defaultToastMs });
  }
  if (!scripted) {
    return (
      <PlainDisclosure label={t('delete')} danger testId="delete">
        <form action={formAction} className="grid gap-2" data-testid="delete-confirm">
          <LeadFields id={id} />
          <p>{t('deleteText', { name })}</p>
          <button type="submit" className="btn-danger justify-self-start" data-testid="confirm-button">
            {t('delete')}
          </button>
        </form>
      </PlainDisclosure>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="btn-danger" data-testid="delete">
        {t('delete')}
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        danger
        title={t('deleteTitle')}
        text={t('deleteText', { name })}
        confirmLabel={t('delete')}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

/** The lead's assignee (a staff member or nobody) and follow-up day, saved together, as either changes. */
export function InquiryAssignForm({
  id,
  assigneeId,
  followUp,
  staff,
}: {
  id: number;
  assigneeId: number | null;
  followUp: string;
  staff: { id: number; name: string }[];
}) {
  const t = useTranslations('admin.inquiries');
  const scripted = useScripted();
  const [state, setState] = useState<ControlState>('idle');
  const [error, setError] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const saved = useRef({ assignee: assigneeId === null ? '' : String(assigneeId), followUp });
  const [, formAction] = useActionState(assignLead, null);
  async function save() {
    if (!form.current) return;
    const data = scriptedForm(form.current);
    const next = { assignee: String(data.get('assignee') ?? ''), followUp: String(data.get('followUp') ?? '') };
    setState('saving');
    const result = await assignLead(null, data).catch(failed);
    if (result.ok) {
      saved.current = next;
      setError('');
      setState('saved');
      toast.success(t('assignmentSaved'), { duration: TIMINGS.successToastMs });
      return;
    }
    // What is stored stays on screen: the refused values go back.
    const fields = form.current.elements;
    (fields.namedItem('assignee') as HTMLSelectElement).value = saved.current.assignee;
    (fields.namedItem('followUp') as HTMLInputElement).value = saved.current.followUp;
    setState('failed');
    const code = result.fieldErrors?.assignee?.[0] ?? result.fieldErrors?.followUp?.[0];
    if (code && t.has(runtimeKey(`assignErrors.${code}`))) setError(t(runtimeKey(`assignErrors.${code}`)));
    else toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void save();
  }
  // The native change event: a picked person, a whole date (React's onChange on a date field fires per keystroke,
  // with an empty value until the date is complete, which would clear the stored follow-up).
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    const element = form.current;
    const onChange = () => void latest.current();
    element?.addEventListener('change', onChange);
    return () => element?.removeEventListener('change', onChange);
  }, []);
  return (
    <form ref={form} action={formAction} onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" data-testid="inquiry-assign-form">
      <LeadFields id={id} />
      <div>
        <label htmlFor="inquiry-assignee" className="mb-1 block text-sm font-semibold">
          {t('assignee')}
        </label>
        <select id="inquiry-assignee" name="assignee" defaultValue={assigneeId ?? ''} className="field-input">
          <option value="">{t('nobody')}</option>
          {staff.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="inquiry-follow-up" className="mb-1 block text-sm font-semibold">
          {t('followUp')}
        </label>
        <input id="inquiry-follow-up" name="followUp" type="date" defaultValue={followUp} className="field-input" />
      </div>
      {scripted ? (
        <ControlStatus state={state} testId="inquiry-assign-state" />
      ) : (
        <button type="submit" className="btn-primary" data-testid="inquiry-assign-save">
          {t('saveAssignment')}
        </button>
      )}
      {error && (
        <p role="alert" className="w-full text-sm font-semibold text-red-700 dark:text-red-400" data-testid="inquiry-assign-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** Back to unread: the inbox marks it again and the menu's count goes up; the list is shown. */
export function MarkUnreadButton({ id }: { id: number }) {
  const t = useTranslations('admin.inquiries');
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    const result = await markUnread(id).catch(failed);
    setBusy(false);
    if (result.ok) {
      // A whole page: staying here, or a list kept by the router, would show it read. The list
      // marks it, and the menu's count follows.
      window.location.assign(getPathname({ href: adminPath.inquiries, locale }));
    } else toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
  }
  return (
    <button type="button" onClick={onClick} disabled={busy} aria-busy={busy} className="btn-secondary" data-testid="inquiry-mark-unread">
      {t('markUnread')}
    </button>
  );
}

/** Edit and delete for the note's own author (the server checks again: another's note is refused). */
export function NoteOwnerControls({ leadId, noteId, text }: { leadId: number; noteId: number; text: string }) {
  const t = useTranslations('admin.inquiries');
  const scripted = useScripted();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const editRef = useRef<HTMLFormElement>(null);
  const [, editAction] = useActionState(editNote, null);
  const [, deleteAction] = useActionState(deleteNote, null);
  // An edit being typed asks before leaving (it is short: no draft).
  const unsaved = useUnsavedChanges(editRef, { shown: editing || !scripted });
  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault(); // React then leaves the form's action alone
    setBusy(true);
    const result = await editNote(null, scriptedForm(event.currentTarget)).catch(failed);
    setBusy(false);
    if (result.ok) {
      unsaved.saved();
      setEditing(false);
      setError('');
      toast.success(t('noteSaved'), { duration: TIMINGS.successToastMs });
      return;
    }
    const code = result.fieldErrors?.text?.[0];
    if (code && t.has(runtimeKey(`noteErrors.${code}`))) setError(t(runtimeKey(`noteErrors.${code}`)));
    else toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
  }
  async function onDelete() {
    setBusy(true);
    const result = await deleteNote(null, leadForm(leadId, { [NOTE_ID_FIELD]: String(noteId) })).catch(failed);
    setBusy(false);
    setConfirming(false);
    if (result.ok) toast.success(t('noteDeleted'), { duration: TIMINGS.successToastMs });
    else toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
  }
  const field = `inquiry-note-edit-${noteId}`;
  // One form for both ways: posted by the browser without scripts, by onSave with them.
  const editForm = (
    <form ref={editRef} action={editAction} onSubmit={onSave} className="mt-2 grid gap-2" data-testid="inquiry-note-edit-form">
      <LeadFields id={leadId} noteId={noteId} />
      <label htmlFor={field} className="sr-only">
        {t('editNote')}
      </label>
      <textarea
        id={field}
        name="text"
        rows={3}
        maxLength={5000}
        defaultValue={text}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${field}-error` : undefined}
        className="field-input"
        autoFocus={scripted}
      />
      {error && (
        <p id={`${field}-error`} className="text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} aria-busy={busy} className="btn-primary" data-testid="inquiry-note-edit-save">
          {t('saveNote')}
        </button>
        {scripted && (
          <button type="button" onClick={() => setEditing(false)} className="btn-secondary">
            {t('cancelEdit')}
          </button>
        )}
      </div>
    </form>
  );
  if (!scripted) {
    return (
      <div className="mt-2 grid gap-2">
        <PlainDisclosure label={t('editNote')} testId="inquiry-note-edit">
          {editForm}
        </PlainDisclosure>
        <PlainDisclosure label={t('deleteNote')} testId="inquiry-note-delete">
          <form action={deleteAction} className="grid gap-2">
            <LeadFields id={leadId} noteId={noteId} />
            <p>{t('deleteNoteText')}</p>
            <button type="submit" className="btn-danger justify-self-start" data-testid="confirm-button">
              {t('deleteNote')}
            </button>
          </form>
        </PlainDisclosure>
      </div>
    );
  }
  if (editing) return editForm;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="button" onClick={() => setEditing(true)} className="btn-secondary" data-testid="inquiry-note-edit">
        {t('editNote')}
      </button>
      <button type="button" onClick={() => setConfirming(true)} className="btn-secondary" data-testid="inquiry-note-delete">
        {t('deleteNote')}
      </button>
      <ConfirmDialog
        open={confirming}
        busy={busy}
        danger
        title={t('deleteNoteTitle')}
        text={t('deleteNoteText')}
        confirmLabel={t('deleteNote')}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
