import type { getTranslations } from 'next-intl/server';
import { formatList, formatWhen } from '@/lib/i18n/dates';
import { ltrIsolate } from '@/lib/inquiries/format';
import { NOT_AN_ADDRESS, type LoggedValue } from './kinds';

// The activity log in the reader's words (issue 35): what an entry keeps (codes, ids, lists, as
// lib/activity/index.ts logs them) said as the screens that made it say it. A status by the inquiry
// screen's label, a person by name, a role by its name, a gallery by its photos, times as
// lib/i18n/dates.ts writes them. Nothing raw (a key, an id, JSON) reaches the page.

type Translate = Awaited<ReturnType<typeof getTranslations>>;

export interface ActivityWords {
  t: Translate;
  locale: string;
  /** Account id → name (every account; a deleted one is missing). */
  people: ReadonlyMap<number, string>;
}

/** Values longer than this are cut on screen (the entry keeps them whole). */
const SHOWN_CHARS = 300;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The translator for keys built here at run time (each behind `known`, or a key of both catalogues). */
interface RuntimeTranslate {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}
const loose = (w: ActivityWords) => w.t as unknown as RuntimeTranslate;
const say = (w: ActivityWords, key: string, values?: Record<string, string | number>) => loose(w)(key, values);
const known = (w: ActivityWords, key: string) => loose(w).has(key);

/** A field's label as its form shows it, else the log's own word for it, else its name. */
export function fieldLabel(w: ActivityWords, entity: string | null, field: string): string {
  const keys = [
    entity === 'settings' ? `admin.settings.fields.${field}` : `admin.areas.${entity}.fields.${field}`,
    `admin.activity.fields.${field}`,
  ];
  for (const key of keys) if (known(w, key)) return say(w, key);
  return field;
}

/** A role as the invitation form names it ("admin" / "mini"). */
const roleName = (w: ActivityWords, role: string) => say(w, role === 'admin' ? 'auth.roleAdmin' : 'auth.roleMini');

const person = (w: ActivityWords, id: number) => w.people.get(id) ?? say(w, 'admin.activity.deletedAccount');

const cut = (text: string) => (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text);

/** A gallery (a project's photos) as logged: its images' file names, in order. */
const galleryFiles = (value: LoggedValue): string[] | null =>
  Array.isArray(value) && value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.file === 'string')
    ? value.map((v) => String((v as { file: string }).file))
    : null;

/** One side of a change in words. */
export function valueText(w: ActivityWords, entity: string | null, field: string, value: LoggedValue): string {
  if (value === null || value === '') return field === 'assigneeId' ? say(w, 'admin.inquiries.nobody') : '—';
  if (typeof value === 'boolean') return say(w, value ? 'admin.activity.yes' : 'admin.activity.no');
  if (entity === 'inquiries' && field === 'status' && typeof value === 'string' && known(w, `admin.inquiries.statuses.${value}`)) {
    return say(w, `admin.inquiries.statuses.${value}`);
  }
  if (field === 'assigneeId' && typeof value === 'number') return person(w, value);
  if (field === 'role' && typeof value === 'string') return roleName(w, value);
  const files = galleryFiles(value);
  if (files) return say(w, 'admin.activity.photos', { count: files.length });
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatWhen(new Date(value), w.locale, 'dateTime');
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatWhen(new Date(`${value}T00:00:00Z`), w.locale, 'day');
  if (Array.isArray(value)) {
    return value.every((v) => typeof v !== 'object' || v === null)
      ? cut(
          formatList(
            value.map((v) => (v === null ? '—' : String(v))),
            w.locale,
          ),
        )
      : say(w, 'admin.activity.items', { count: value.length });
  }
  if (typeof value === 'object') return say(w, 'admin.activity.changedValue');
  return cut(String(value));
}

/** A change's two sides in words; a gallery's "after" says what changed (order, photos added or removed). */
export function changeTexts(
  w: ActivityWords,
  entity: string | null,
  field: string,
  change: { before: LoggedValue; after: LoggedValue },
): { before: string; after: string } {
  const before = valueText(w, entity, field, change.before);
  const was = galleryFiles(change.before);
  const now = galleryFiles(change.after);
  if (!was || !now) return { before, after: valueText(w, entity, field, change.after) };
  const added = now.filter((file) => !was.includes(file)).length;
  const removed = was.filter((file) => !now.includes(file)).length;
  const kept = now.filter((file) => was.includes(file));
  const keptBefore = was.filter((file) => now.includes(file));
  const reordered = kept.some((file, i) => keptBefore[i] !== file);
  const photos = say(w, 'admin.activity.photos', { count: now.length });
  const changes = [
    ...(added ? [say(w, 'admin.activity.photosAdded', { count: added })] : []),
    ...(removed ? [say(w, 'admin.activity.photosRemoved', { count: removed })] : []),
    ...(reordered ? [say(w, 'admin.activity.orderChanged')] : []),
  ];
  return {
    before,
    after: changes.length ? say(w, 'admin.activity.photosSummary', { photos, changes: formatList(changes, w.locale) }) : photos,
  };
}

/** What an entry's detail says (a refused sign-in's reason, an invitation's address and role…), in words. */
export function detailText(w: ActivityWords, kind: string, detail: string): string | null {
  if (!detail) return null;
  const [code = '', ...rest] = detail.split(' ');
  const typed = rest.join(' ');
  if (kind === 'invitation' || kind === 'invitationRevoked') {
    // "<e-mail> <role>" (lib/entities/user/invitations.ts).
    return say(w, 'admin.activity.invited', { email: ltrIsolate(code), role: roleName(w, typed) });
  }
  if (kind === 'create' && code === 'invitation') return say(w, 'admin.activity.acceptedInvitation', { role: roleName(w, typed) });
  if (known(w, `admin.activity.details.${code}`) && !typed) return say(w, `admin.activity.details.${code}`);
  // A refused sign-in: "<code> <typed e-mail>".
  const reason = known(w, `errors.${code}`) ? say(w, `errors.${code}`) : code;
  if (!typed) return reason;
  return say(w, 'admin.activity.refusedFor', {
    email: typed === NOT_AN_ADDRESS ? say(w, 'admin.activity.notAnAddress') : ltrIsolate(typed),
    reason,
  });
}
