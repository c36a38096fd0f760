'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { startQuote, submitQuote } from '@/lib/inquiries/actions';
import type { ServiceOption } from '@/lib/inquiries/index';
import {
  BUDGETS,
  CITIES,
  CONSENT_VALUE,
  HONEYPOT_FIELD,
  MAX_GUESTS,
  MIN_FILL_MS,
  EVENT_TYPES,
  QUOTE_FIELDS,
  STARTED_FIELD,
  type QuoteField,
  type QuoteResult,
} from '@/lib/inquiries/constants';
import { runtimeKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { pagePath } from '@/lib/pages';
import type * as Schema from '@/lib/inquiries/schema';
import { QuoteReference } from './quote-reference';
import { SCRIPTED_FIELD } from '@/lib/http/scripted-form';

type Errors = Partial<Record<QuoteField, string>>;

// The rules (zod) load on the first focus, not with the page: most visitors of /ContactUs never
// touch the form, and the page stays light.
type Rules = typeof Schema;
let rules: Promise<Rules> | null = null;
const loadRules = () => (rules ??= import('@/lib/inquiries/schema'));

/**
 * The quote request form. The same HTML for everyone (the page is cached): what differs per
 * visitor lives in state. Two ways in, like the sign-in form: without scripts the browser posts
 * it to `submitQuote` and the page comes back with the messages (or the thank-you page); with
 * them it posts itself, shows messages under the fields as they are left, moves focus to the
 * first error and thanks in place.
 */
export function QuoteForm({
  locale,
  services,
  today,
  company,
  ticked: tickedFirst,
}: {
  locale: string;
  services: ServiceOption[];
  today: string;
  /** The service ticked before anything is posted (a service page's own); what was posted wins after. */
  ticked?: string;
  /** The company's name in force (the settings' or the demo's), as the consent line names it. */
  company: string;
}) {
  const t = useTranslations('quote');
  const [posted, formAction] = useActionState(submitQuote, null);
  // With scripts: the last answer to a submit, and the messages under the fields as they change.
  const [result, setResult] = useState<QuoteResult | null>(null);
  const [live, setLive] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  /** The reference of the request just sent (the thank-you shows it); '' before. */
  const [sent, setSent] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const touched = useRef(new Set<string>());
  const asking = useRef(false);
  /** The token on its way (the first focus asked for it), and when this browser got the current one. */
  const pending = useRef<Promise<string> | null>(null);
  const receivedAt = useRef(0);

  // Before scripts (or without them), what the browser's own post answered.
  const shown = result ?? posted;
  const failure = shown && !shown.ok ? shown : null;
  const fieldErrors: Errors = live ? errors : (failure?.fieldErrors ?? {});
  const values = failure?.values ?? {};
  const started = token || failure?.token || '';

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  /** The fill-time clock starts at the first focus (lib/inquiries/fill-token.ts). */
  function onFirstFocus() {
    void loadRules();
    if (!live) {
      setLive(true);
      setErrors(failure?.fieldErrors ?? {});
    }
    if (started || asking.current) return;
    asking.current = true;
    pending.current = startQuote().then(
      (issued) => {
        receive(issued);
        return issued;
      },
      () => {
        asking.current = false; // the post then gets a token back, and asks to send again
        return '';
      },
    );
  }

  function receive(issued: string) {
    if (issued !== token) receivedAt.current = performance.now();
    setToken(issued);
  }

  async function check(): Promise<Errors> {
    const { validateQuote, quoteValues, dubaiToday } = await loadRules();
    const checked = validateQuote(quoteValues(new FormData(form.current!)), dubaiToday());
    return checked.ok ? {} : checked.errors;
  }

  /** A field's message appears once the visitor has left it, and goes as soon as it is right. */
  async function onFieldEvent(name: string, leaving: boolean) {
    if (!(QUOTE_FIELDS as readonly string[]).includes(name)) return;
    if (leaving) touched.current.add(name);
    if (!touched.current.has(name)) return;
    const all = await check();
    setErrors((current) => {
      const next: Errors = { ...current };
      for (const field of QUOTE_FIELDS) {
        // "Phone or email" concerns both: typing either clears both.
        if (field === name || ((name === 'phone' || name === 'email') && (field === 'phone' || field === 'email'))) {
          if (all[field]) next[field] = all[field];
          else delete next[field];
        }
      }
      return next;
    });
  }

  function focusFirst(found: Errors) {
    const first = QUOTE_FIELDS.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault(); // React then leaves the form's action alone
    if (busy) return;
    setLive(true);
    const local = await check().catch((): Errors => ({}));
    if (Object.keys(local).length) {
      for (const field of QUOTE_FIELDS) touched.current.add(field);
      setResult({ ok: false, status: 422, error: 'invalid' });
      setErrors(local);
      focusFirst(local);
      return;
    }
    setBusy(true);
    const data = new FormData(form.current!);
    data.set(SCRIPTED_FIELD, '1');
    // Someone quicker than the fill time (a browser's autofill, a pasted address) is not refused:
    // the post waits for the token asked for at the first focus, then out the rest of the time,
    // counted from when this browser got it (never before the server issued it).
    const ready = started || (await pending.current) || '';
    data.set(STARTED_FIELD, ready);
    const rest = ready && receivedAt.current ? receivedAt.current + MIN_FILL_MS - performance.now() : 0;
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    const answer = await submitQuote(null, data).catch((): QuoteResult => ({ ok: false, status: 500, error: 'server' }));
    setBusy(false);
    if (answer.ok) {
      setSent(answer.reference);
      return;
    }
    if (answer.token) receive(answer.token);
    setResult(answer);
    setErrors(answer.fieldErrors ?? {});
    if (answer.fieldErrors) focusFirst(answer.fieldErrors);
    else form.current?.querySelector<HTMLElement>('[data-testid="quote-alert"]')?.focus();
  }

  if (sent) {
    return (
      <div
        ref={thanks}
        tabIndex={-1}
        role="status"
        className="rounded-2xl bg-zinc-100 p-6 focus:outline-none dark:bg-zinc-900"
        data-testid="quote-thanks"
      >
        <h3 className="text-2xl font-extrabold">{t('thanks.title')}</h3>
        <p className="mt-2">{t('thanks.text')}</p>
        <QuoteReference label={t('thanks.reference')} hint={t('thanks.referenceHint')} reference={sent} />
        <button
          type="button"
          className="btn-secondary mt-4"
          onClick={() => {
            setSent('');
            setResult(null);
            setErrors({});
            setLive(false);
            setToken('');
            asking.current = false;
            pending.current = null;
            receivedAt.current = 0;
            touched.current.clear();
          }}
        >
          {t('thanks.again')}
        </button>
      </div>
    );
  }

  const alert = failure && failure.error !== 'invalid' ? t(runtimeKey(`refused.${failure.error}`)) : failure ? t('refused.invalid') : '';
  const field = (name: QuoteField, label: string, control: ReactNode, hint?: string) => {
    const error = fieldErrors[name];
    return (
      <div className={name === 'message' ? 'sm:col-span-2' : undefined}>
        <label htmlFor={`quote-${name}`} className="mb-1 block font-semibold">
          {label}
        </label>
        {hint && (
          <p id={`quote-${name}-hint`} className="mb-1 text-sm text-zinc-700 dark:text-zinc-300">
            {hint}
          </p>
        )}
        {control}
        {error && (
          <p
            id={`quote-${name}-error`}
            className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400"
            data-testid={`quote-error-${name}`}
          >
            {t(runtimeKey(`errors.${error}`))}
          </p>
        )}
      </div>
    );
  };
  const a11y = (name: QuoteField, hint = false) => ({
    id: `quote-${name}`,
    name,
    'aria-invalid': Boolean(fieldErrors[name]),
    'aria-describedby':
      [hint ? `quote-${name}-hint` : '', fieldErrors[name] ? `quote-${name}-error` : ''].filter(Boolean).join(' ') || undefined,
  });
  const optional = (label: string) => `${label} ${t('optional')}`;
  const ticked = new Set(failure ? (values.services ?? '').split('\n') : tickedFirst ? [tickedFirst] : []);

  return (
    <form
      ref={form}
      action={formAction}
      onSubmit={onSubmit}
      onFocus={onFirstFocus}
      // Delegated: leaving a field (focusout bubbles in React) and changing one.
      onBlur={(event) => void onFieldEvent((event.target as unknown as HTMLInputElement).name, true)}
      onChange={(event) => void onFieldEvent((event.target as unknown as HTMLInputElement).name, false)}
      noValidate
      // Every box and field stays tappable: the floating buttons step aside while it is under them.
      data-floating-clear
      className="grid gap-4 sm:grid-cols-2"
      data-testid="quote-form"
    >
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name={STARTED_FIELD} value={started} />
      {/* The honeypot: out of sight and out of the accessibility tree; people leave it empty. */}
      <div aria-hidden="true" className="absolute -start-[9999px] size-px overflow-hidden">
        <label htmlFor="quote-website">{t('honeypot')}</label>
        <input id="quote-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {alert && (
        <p
          role="alert"
          tabIndex={-1}
          // Without scripts the post answers the whole page, scrolled to its top, with this message
          // below the fold: the browser's own autofocus brings it into view (a page drawn with
          // scripts focuses it itself, see onSubmit).
          autoFocus={!live && Boolean(posted && !posted.ok)}
          className="scroll-mt-28 font-semibold text-red-700 sm:col-span-2 dark:text-red-400"
          data-testid="quote-alert"
        >
          {alert}
        </p>
      )}
      {field(
        'name',
        t('fields.name'),
        <input
          {...a11y('name')}
          type="text"
          autoComplete="name"
          aria-required="true"
          maxLength={120}
          defaultValue={values.name}
          className="field-input"
        />,
      )}
      {field(
        'phone',
        t('fields.phone'),
        <input
          {...a11y('phone', true)}
          type="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={40}
          defaultValue={values.phone}
          className="field-input"
        />,
        t('phoneOrEmail'),
      )}
      {field(
        'email',
        t('fields.email'),
        <input
          {...a11y('email', true)}
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          defaultValue={values.email}
          className="field-input"
        />,
        t('phoneOrEmail'),
      )}
      {field(
        'eventType',
        t('fields.eventType'),
        <select {...a11y('eventType')} aria-required="true" defaultValue={values.eventType ?? ''} className="field-input">
          <option value="">{t('choose')}</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`eventTypes.${type}`)}
            </option>
          ))}
        </select>,
      )}
      {services.length > 0 && (
        // Several may be ticked: one request for a wedding with sound, lighting and an LED screen.
        <fieldset className="sm:col-span-2" aria-describedby={fieldErrors.services ? 'quote-services-error' : 'quote-services-hint'}>
          <legend className="mb-1 font-semibold">{optional(t('fields.services'))}</legend>
          <p id="quote-services-hint" className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
            {t('servicesHint')}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {services.map((service, i) => (
              <label key={service.value} htmlFor={`quote-service-${i}`} className="flex items-center gap-2">
                <input
                  id={`quote-service-${i}`}
                  type="checkbox"
                  name="services"
                  value={service.value}
                  defaultChecked={ticked.has(service.value)}
                  className="size-5 accent-brand"
                />
                {service.label}
              </label>
            ))}
          </div>
          {fieldErrors.services && (
            <p
              id="quote-services-error"
              className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400"
              data-testid="quote-error-services"
            >
              {t(runtimeKey(`errors.${fieldErrors.services}`))}
            </p>
          )}
        </fieldset>
      )}
      {field(
        'eventDate',
        optional(t('fields.eventDate')),
        <input {...a11y('eventDate')} type="date" min={today} defaultValue={values.eventDate} className="field-input" />,
      )}
      {field(
        'city',
        t('fields.city'),
        <select {...a11y('city')} aria-required="true" defaultValue={values.city ?? ''} className="field-input">
          <option value="">{t('choose')}</option>
          {CITIES.map((city) => (
            <option key={city} value={city}>
              {t(`cities.${city}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'guests',
        optional(t('fields.guests')),
        <input
          {...a11y('guests')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_GUESTS}
          step={1}
          defaultValue={values.guests}
          className="field-input"
        />,
      )}
      {field(
        'budget',
        optional(t('fields.budget')),
        <select {...a11y('budget')} defaultValue={values.budget ?? ''} className="field-input">
          <option value="">{t('budgets.none')}</option>
          {BUDGETS.map((budget) => (
            <option key={budget} value={budget}>
              {t(`budgets.${budget}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'message',
        optional(t('fields.message')),
        <textarea {...a11y('message')} rows={5} maxLength={5000} defaultValue={values.message} className="field-input" />,
      )}
      {/* The consent line (issue 27): required; the privacy notice opens in a new tab, so a
          half-filled form is not lost. */}
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            {...a11y('consent')}
            type="checkbox"
            value={CONSENT_VALUE}
            defaultChecked={values.consent === CONSENT_VALUE}
            aria-required="true"
            className="mt-0.5 size-5 shrink-0 accent-brand"
          />
          <p>
            <label htmlFor="quote-consent">{t('consent', { company })}</label>{' '}
            <Link
              href={pagePath('privacy')}
              target="_blank"
              rel="noopener"
              aria-label={t('privacyLinkNewTab')}
              className="font-semibold underline underline-offset-4"
              data-testid="quote-privacy-link"
            >
              {t('privacyLink')}
            </Link>
          </p>
        </div>
        {fieldErrors.consent && (
          <p
            id="quote-consent-error"
            className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400"
            data-testid="quote-error-consent"
          >
            {t(runtimeKey(`errors.${fieldErrors.consent}`))}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" disabled={busy} aria-busy={busy} className="btn-primary w-full sm:w-auto" data-testid="quote-submit">
          {busy ? t('sending') : t('send')}
        </button>
      </div>
    </form>
  );
}
