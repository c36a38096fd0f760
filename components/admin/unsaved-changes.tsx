'use client';

import { useLocale, useTranslations } from 'next-intl';
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { VERSION_FIELD } from '@/lib/entities/version';
import { formatWhen } from '@/lib/i18n/dates';
import { ConfirmDialog } from './confirm-dialog';

// Nothing typed in the back office is lost by leaving (issue 35, item 1). A form that registers
// here is compared, when someone leaves, with what it held when it was drawn or last saved; if it
// differs, leaving asks first:
// - a link (the menu, the section switcher, "Back to the list", the language switch): the click is
//   held in the capture phase, before Next's <Link> sees it, and followed again on "Leave";
// - the browser's Back inside the back office (a same-document history move, which fires no
//   `beforeunload`): once a form holds a change, one history entry of the same address is pushed
//   (Next keeps native `history.pushState` in step with its router), so Back lands on the same
//   screen and the question can be asked; "Leave" goes back once more;
// - closing the tab, reloading or leaving the site: the browser's own `beforeunload` question.
// A long form also keeps what was typed in this tab (sessionStorage) as a draft, offered back when
// the form is drawn again: an accidental leave can be undone.

interface GuardedForm {
  dirty: () => boolean;
}

interface Guard {
  register: (form: GuardedForm) => () => void;
  /** A registered form changed: from now on Back must be able to ask. */
  changed: () => void;
}

const GuardContext = createContext<Guard | null>(null);

/** Our history entry's mark (in the entry's state, beside Next's own). */
const ENTRY_MARK = 'unsavedGuard';
const isOurEntry = (state: unknown) => typeof state === 'object' && state !== null && ENTRY_MARK in state;

/** Where drafts are kept in the tab's sessionStorage. */
const DRAFT_PREFIX = 'draft:';

/** The back office's one guard and its one question; wraps the back-office layout. */
export function UnsavedChanges({ children }: { children: ReactNode }) {
  const t = useTranslations('admin.unsaved');
  const forms = useRef(new Set<GuardedForm>());
  // "Leave" was chosen: nothing asks again until a form is drawn on the next screen.
  const leaving = useRef(false);
  // Whether the current history entry is the one pushed here, and the address it was pushed at.
  const atOurEntry = useRef(false);
  const ourAddress = useRef('');
  const [question, setQuestion] = useState<{ leave: () => void; stay: () => void } | null>(null);

  const anyDirty = useCallback(() => !leaving.current && [...forms.current].some((form) => form.dirty()), []);
  const pushEntry = useCallback(() => {
    if (atOurEntry.current) return;
    window.history.pushState({ [ENTRY_MARK]: true }, '');
    atOurEntry.current = true;
    ourAddress.current = window.location.href;
  }, []);

  useEffect(() => {
    atOurEntry.current = isOurEntry(window.history.state);
    ourAddress.current = window.location.href;

    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (!anyDirty()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    }

    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      // A new tab or a download leaves this screen as it is.
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const to = new URL(link.href, window.location.href);
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      if (!anyDirty()) return;
      event.preventDefault();
      event.stopPropagation();
      setQuestion({
        leave: () => {
          leaving.current = true;
          link.click();
        },
        stay: () => {},
      });
    }

    function onPopState(event: PopStateEvent) {
      const wasAtOurEntry = atOurEntry.current;
      atOurEntry.current = isOurEntry(event.state);
      // Only Back from our entry onto the screen's own entry (same address) is ours to answer;
      // any other move has already happened.
      if (!wasAtOurEntry || atOurEntry.current || window.location.href !== ourAddress.current || leaving.current) return;
      if (!anyDirty()) {
        leaving.current = true;
        window.history.back();
        return;
      }
      setQuestion({
        leave: () => {
          leaving.current = true;
          window.history.back();
        },
        stay: pushEntry,
      });
    }

    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, [anyDirty, pushEntry]);

  const guard = useMemo<Guard>(
    () => ({
      register: (form) => {
        leaving.current = false;
        forms.current.add(form);
        return () => void forms.current.delete(form);
      },
      changed: () => {
        if (anyDirty()) pushEntry();
      },
    }),
    [anyDirty, pushEntry],
  );

  function answer(choice: 'leave' | 'stay') {
    const asked = question;
    setQuestion(null);
    asked?.[choice]();
  }

  return (
    <GuardContext value={guard}>
      {children}
      <ConfirmDialog
        open={question !== null}
        title={t('title')}
        text={t('text')}
        confirmLabel={t('leave')}
        cancelLabel={t('stay')}
        danger
        testId="unsaved-dialog"
        onConfirm={() => answer('leave')}
        onCancel={() => answer('stay')}
      />
    </GuardContext>
  );
}

/**
 * Whether a person changed a field from what the form was drawn with: the DOM's own defaults
 * (`defaultValue`, `defaultChecked`, `defaultSelected`), which React keeps in step with the
 * fields' props, so a save that draws the form again with what was saved leaves nothing changed.
 */
function changedFromDrawn(form: HTMLFormElement): boolean {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (['hidden', 'submit', 'button', 'reset', 'image'].includes(element.type)) continue;
      if (element.type === 'checkbox' || element.type === 'radio') {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.type === 'file') {
        if (element.files?.length) return true;
      } else if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      const options = Array.from(element.options);
      // No option marked: a single choice's default is its first.
      const marked = options.some((option) => option.defaultSelected);
      if (options.some((option, index) => option.selected !== (marked ? option.defaultSelected : !element.multiple && index === 0)))
        return true;
    }
  }
  return false;
}

/**
 * The hidden fields' values (a gallery's list, written by its buttons, has no default to compare
 * with), without React's own fields for a server action and the version a save carries.
 */
function hiddenValues(form: HTMLFormElement): string {
  return JSON.stringify(
    Array.from(form.querySelectorAll<HTMLInputElement>('input[type=hidden]'))
      .filter((input) => input.name && !input.name.startsWith('$ACTION') && input.name !== VERSION_FIELD)
      .map((input) => `${input.name}=${input.value}`),
  );
}

interface Draft {
  at: number;
  values: Record<string, string>;
}

function readDraft(key: string): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== 'object' || parsed === null || !('at' in parsed) || !('values' in parsed)) return null;
    const { at, values } = parsed as { at: unknown; values: unknown };
    if (typeof at !== 'number' || typeof values !== 'object' || values === null) return null;
    return { at, values: Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string')) as Record<string, string> };
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: Draft | null) {
  try {
    if (draft) window.sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(draft));
    else window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Storage full or switched off: the leave question still guards; only the draft is not kept.
  }
}

/**
 * Registers a back-office form with the guard. With `draft`, what is typed is kept in the tab
 * under `draft.key` (only the fields `draft.read` returns, never a password) and offered back when
 * the form is drawn again.
 */
export function useUnsavedChanges(
  form: RefObject<HTMLFormElement | null>,
  {
    draft,
    shown = true,
    pending = false,
  }: {
    draft?: { key: string; read: (data: FormData) => Record<string, string>; restore: (values: Record<string, string>) => void };
    /** Whether the form is drawn now (one that opens on demand, such as a note's edit). */
    shown?: boolean;
    /** Something the fields' defaults cannot show is unsaved (a refused save's edits drawn again). */
    pending?: boolean;
  } = {},
) {
  const guard = use(GuardContext);
  const hidden = useRef<string | null>(null);
  const done = useRef(false);
  // A restored draft is unsaved until it is saved, whatever the fields' defaults say.
  const restored = useRef(false);
  const stillPending = useRef(pending);
  const [offered, setOffered] = useState<Draft | null>(null);
  const draftKey = draft?.key;
  const latestDraft = useRef(draft);
  useEffect(() => {
    latestDraft.current = draft;
    stillPending.current = pending;
  });

  useEffect(() => {
    const element = form.current;
    if (!element || !guard || !shown) return;
    hidden.current = hiddenValues(element);
    done.current = false;
    const dirty = () =>
      !done.current && (restored.current || stillPending.current || changedFromDrawn(element) || hiddenValues(element) !== hidden.current);
    const unregister = guard.register({ dirty });
    const kept = draftKey ? readDraft(draftKey) : null;
    // Offered only if it holds something other than what the form shows now.
    const current = latestDraft.current?.read(new FormData(element));
    if (kept && current && Object.entries(kept.values).some(([name, value]) => (current[name] ?? '') !== value)) {
      setOffered(kept);
    }
    // After the event's own handlers (a gallery's buttons change React state, then the DOM).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        guard.changed();
        const keep = latestDraft.current;
        if (!keep || done.current) return;
        writeDraft(keep.key, dirty() ? { at: Date.now(), values: keep.read(new FormData(element)) } : null);
      }, 0);
    };
    for (const type of ['input', 'change', 'click']) element.addEventListener(type, onChange);
    return () => {
      clearTimeout(timer);
      for (const type of ['input', 'change', 'click']) element.removeEventListener(type, onChange);
      unregister();
    };
  }, [form, guard, draftKey, shown]);

  /**
   * After a save. `leaving`: the screen is being left (nothing to guard any more); otherwise the
   * form, drawn again with what was saved, is the new unchanged state.
   */
  function saved(leaving = false) {
    restored.current = false;
    if (leaving) done.current = true;
    else if (form.current) hidden.current = hiddenValues(form.current);
    if (draftKey) writeDraft(draftKey, null);
    setOffered(null);
  }

  const notice = offered && (
    <DraftNotice
      at={offered.at}
      onRestore={() => {
        latestDraft.current?.restore(offered.values);
        restored.current = true;
        setOffered(null);
        guard?.changed();
      }}
      onDiscard={() => {
        if (draftKey) writeDraft(draftKey, null);
        setOffered(null);
      }}
    />
  );
  return { saved, notice };
}

function DraftNotice({ at, onRestore, onDiscard }: { at: number; onRestore: () => void; onDiscard: () => void }) {
  const t = useTranslations('admin.unsaved');
  const locale = useLocale();
  return (
    <div
      role="status"
      className="grid gap-3 rounded-xl border-s-4 border-sky-600 bg-sky-50 p-4 text-sky-950 dark:bg-sky-950 dark:text-sky-50"
      data-testid="draft-notice"
    >
      <p>{t('draft', { when: formatWhen(new Date(at), locale, 'time') })}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onRestore} data-testid="draft-restore">
          {t('restore')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDiscard} data-testid="draft-discard">
          {t('discard')}
        </button>
      </div>
    </div>
  );
}
