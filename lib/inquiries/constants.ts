// The quote form's fixed choices and result shapes: plain data, no zod, so the form can import
// them without loading the rules (lib/inquiries/schema.ts) with the page.

export const CITIES = ['dubai', 'abu-dhabi', 'sharjah', 'other'] as const;
export type City = (typeof CITIES)[number];

/** Budget ranges in AED, stored by key (the words live in the messages). */
export const BUDGETS = ['under-25k', '25k-50k', '50k-100k', '100k-250k', 'over-250k'] as const;

export const STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type InquiryStatus = (typeof STATUSES)[number];

/** The lead's forms (lib/inquiries/actions.ts, one action each): posted without scripts, the page says which was saved or not. */
export const LEAD_FORMS = ['status', 'note', 'assign', 'editNote', 'deleteNote', 'delete'] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];
/** Their hidden field naming the lead. */
export const LEAD_ID_FIELD = 'leadId';
/** And the note, for a note's edit and delete. */
export const NOTE_ID_FIELD = 'noteId';

/**
 * The kinds of event the form offers (issue 27), stored by key; the words live in the messages
 * (`quote.eventTypes`). Requests sent before this list stored a service's English title (or
 * "other") here: shown as stored.
 */
export const EVENT_TYPES = [
  'wedding',
  'corporate',
  'conference',
  'exhibition',
  'concert',
  'national-day',
  'private-party',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

/** The event type of a request that matches none of the others. */
export const OTHER_EVENT_TYPE = 'other';

/** At most this many services ticked in one request (more than the company offers is a forged post). */
export const MAX_SERVICES = 30;
/** How the services of one request are joined in a CSV cell and a line of text. */
export const SERVICES_SEPARATOR = '; ';

export const MAX_GUESTS = 100_000;

/** The id of the quote form's section on /ContactUs, which every "Request a quote" link points at. */
export const QUOTE_ANCHOR = 'quote';

/** The form's fields in page order (the first one with an error gets the focus). */
export const QUOTE_FIELDS = [
  'name',
  'phone',
  'email',
  'eventType',
  'services',
  'eventDate',
  'city',
  'guests',
  'budget',
  'message',
  'consent',
] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

/** Why a quote request was not stored; each has its words under `quote.refused` (status in brackets). */
export type QuoteRefusal =
  | 'invalid' // 422: a field's message says what to change
  | 'confirm' // 400: no fill-time token yet (no scripts): check the request and send it again
  | 'tooFast' // 400: sent sooner than a person fills the form: wait a moment and send again
  | 'refused' // 400: the hidden honeypot field was filled
  | 'tooManyRequests' // 429: the address's budget for the window is spent
  | 'badRequest' // 400: not a form at all
  | 'unavailable' // 503: the database did not answer
  | 'server'; // 500

export type QuoteResult =
  | {
      ok: true;
      /** What the visitor quotes to staff (lib/inquiries/format.ts inquiryReference). */
      reference: string;
    }
  | {
      ok: false;
      status: number;
      error: QuoteRefusal;
      fieldErrors?: Partial<Record<QuoteField, string>>;
      /** What was typed, for a page re-rendered without scripts (the services ticked: one per line). */
      values?: Partial<Record<QuoteField, string>>;
      /** A fill-time token to send with the next try (lib/inquiries/fill-token.ts). */
      token?: string;
    };

/** A reference as inquiryReference writes it (the thank-you page shows only one of this shape). */
export const REFERENCE_PATTERN = /^Q-\d{4}-\d{6,10}$/;

/** The consent box's value when ticked (the only value that counts as consent). */
export const CONSENT_VALUE = '1';

/** The honeypot: a field people never see (hidden from sight and from screen readers). */
export const HONEYPOT_FIELD = 'website';
/** The fill-time token's field. */
export const STARTED_FIELD = 'started';
/**
 * The quote form's minimum fill time (lib/inquiries/fill-token.ts): the server refuses a request
 * sent sooner after its token was issued; the form with scripts waits out the rest instead.
 */
export const MIN_FILL_MS = 3_000;
