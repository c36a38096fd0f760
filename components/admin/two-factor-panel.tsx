'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { confirmTwoFactor, renewTwoFactorCodes, startTwoFactor, turnOffTwoFactor } from '@/lib/admin/account-actions';
import { type ActionResult } from '@/lib/admin/action-kit';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { AdminLink } from '@/components/admin/admin-link';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from '@/components/auth/auth-field';
import { RecoveryCodeTools } from '@/components/admin/recovery-code-tools';

export type TwoFactorView =
  { state: 'off' } | { state: 'pending'; qr: string; key: string } | { state: 'on'; since: string; codesLeft: number };

/** The words for a refusal: under its field (validation) or for the whole form (errors). */
function useRefusal(result: ActionResult | null) {
  const tv = useTranslations('validation');
  const errors = useTranslations('errors');
  const failed = result && !result.ok ? result : null;
  const field = (name: string) =>
    failed?.fieldErrors?.[name]?.map((code) => (tv.has(runtimeKey(code)) ? tv(runtimeKey(code)) : code)).join(' ');
  const form =
    failed && !failed.fieldErrors ? (errors.has(runtimeKey(failed.error)) ? errors(runtimeKey(failed.error)) : errors('server')) : '';
  return { field, form };
}

/**
 * /Admin/Account's two-factor sign-in: set it up (QR code made on the server, or the key to type,
 * then a code to confirm), the ten recovery codes shown once, and turning it off. Every step is a
 * `<form action>`, so it works without scripts. The confirmation's answer (the codes) lives at the
 * top of this component, which renders in every state, so the page re-rendered after a post
 * without scripts still shows them.
 */
export function TwoFactorPanel({ view, required }: { view: TwoFactorView; required: boolean }) {
  const t = useTranslations('admin.account');
  const router = useRouter();
  const [confirmed, confirmAction, confirming] = useActionState(confirmTwoFactor, null);
  const [renewed, renewAction, renewing] = useActionState(renewTwoFactorCodes, null);
  // The answer last shown: a later one (e.g. a renewal after the codes were saved) replaces it.
  const [savedFrom, setSavedFrom] = useState<object | null>(null);
  const latest = renewed?.ok ? renewed : confirmed?.ok ? confirmed : null;
  const codes = latest && latest !== savedFrom ? latest.recoveryCodes : undefined;

  if (codes?.length)
    return (
      <div className="grid gap-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-400 dark:bg-amber-950/40" data-testid="recovery-codes">
        <p role="status" className="font-semibold">
          {t(latest === renewed ? 'codesRenewed' : 'twoFactorEnabled')}
        </p>
        <h3 className="text-lg font-bold">{t('recoveryTitle')}</h3>
        <p>{t('recoveryNote')}</p>
        <ol className="grid grid-cols-1 gap-2 font-mono text-lg min-[400px]:grid-cols-2" dir="ltr">
          {codes.map((code) => (
            <li key={code} className="rounded bg-white px-3 py-1 text-center dark:bg-zinc-900" data-testid="recovery-code">
              {code}
            </li>
          ))}
        </ol>
        <RecoveryCodeTools codes={codes} />
        <AdminLink
          href="/Admin/Account"
          className="btn-primary justify-self-start"
          onClick={() => {
            setSavedFrom(latest);
            router.refresh();
          }}
          data-testid="recovery-saved"
        >
          {t('recoverySaved')}
        </AdminLink>
      </div>
    );

  return (
    <div className="grid gap-4" data-testid="two-factor" data-state={view.state}>
      <p className="text-zinc-700 dark:text-zinc-300">{t('twoFactorIntro')}</p>
      {required && view.state !== 'on' && (
        <p
          role="alert"
          className="rounded-lg bg-amber-100 p-3 font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50"
          data-testid="two-factor-required"
        >
          {t('twoFactorRequired')}
        </p>
      )}
      {view.state === 'off' && (
        <>
          <p className="font-semibold">{t('twoFactorIsOff')}</p>
          <StartButton label={t('twoFactorStart')} primary />
        </>
      )}
      {view.state === 'pending' && (
        <>
          <p>{t('twoFactorScan')}</p>
          {/* A data URL made on the server (lib/auth/two-factor.ts); the CSP allows img-src data:. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={view.qr}
            alt={t('twoFactorQrAlt')}
            width={200}
            height={200}
            className="size-50 rounded-lg bg-white p-2"
            data-testid="two-factor-qr"
          />
          <p>{t('twoFactorKey')}</p>
          <p
            dir="ltr"
            className="justify-self-start rounded-lg bg-zinc-100 px-3 py-2 font-mono text-lg break-all dark:bg-zinc-800"
            data-testid="two-factor-key"
          >
            {view.key}
          </p>
          <ProofForm
            action={confirmAction}
            result={confirmed}
            pending={confirming}
            name="code"
            label={t('twoFactorCodeLabel')}
            submit={t('twoFactorConfirmSubmit')}
            primary
            testId="two-factor-confirm"
          >
            <p>{t('twoFactorConfirm')}</p>
          </ProofForm>
          <StartButton label={t('twoFactorStartOver')} />
        </>
      )}
      {view.state === 'on' && (
        <>
          <p className="font-semibold" data-testid="two-factor-on">
            {t('twoFactorIsOn', { date: view.since })}
          </p>
          <p data-testid="codes-left">{t('codesLeft', { count: view.codesLeft })}</p>
          <ProofForm action={renewAction} result={renewed} pending={renewing} submit={t('renewSubmit')} testId="two-factor-renew">
            <h3 className="font-bold">{t('renewTitle')}</h3>
            <p>{t('renewIntro')}</p>
          </ProofForm>
          <TurnOffForm />
        </>
      )}
    </div>
  );
}

/** Starts enrolment (or starts it over with a new key); the page then shows the QR code and key. */
function StartButton({ label, primary = false }: { label: string; primary?: boolean }) {
  const router = useRouter();
  const [state, action, pending] = useActionState(startTwoFactor, null);
  const refusal = useRefusal(state);
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);
  return (
    <form action={action} className="grid gap-2">
      <button
        type="submit"
        disabled={pending}
        className={`${primary ? 'btn-primary' : 'btn-secondary'} justify-self-start`}
        data-testid="two-factor-start"
      >
        {label}
      </button>
      {refusal.form && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {refusal.form}
        </p>
      )}
    </form>
  );
}

/** Turns two-factor off: a current code (or a recovery code) or the password proves it is the person. */
function TurnOffForm() {
  const t = useTranslations('admin.account');
  const router = useRouter();
  const [state, action, pending] = useActionState(turnOffTwoFactor, null);
  useEffect(() => {
    if (!state?.ok) return;
    toast.success(t('twoFactorDisabled'), { duration: TIMINGS.successToastMs });
    router.refresh();
  }, [state, t, router]);
  return <ProofForm action={action} result={state} pending={pending} submit={t('turnOff')} testId="two-factor-off" />;
}

/**
 * The panel's one form shape: a code from the app (`code`) or any proof that it is the person
 * (`proof`: a code, a recovery code or the password), the refusal under it or for the whole form,
 * and the submit button. The confirm, renew and turn-off steps differ only in words.
 */
function ProofForm({
  action,
  result,
  pending,
  name = 'proof',
  label,
  submit,
  primary = false,
  testId,
  children,
}: {
  action: (form: FormData) => void;
  result: ActionResult | null;
  pending: boolean;
  name?: 'code' | 'proof';
  label?: string;
  submit: string;
  primary?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const t = useTranslations('admin.account');
  const refusal = useRefusal(result);
  return (
    <form action={action} className="grid max-w-md gap-4" data-testid={testId} noValidate>
      {children}
      <AuthField
        name={name}
        type={name === 'code' ? 'text' : 'password'}
        label={label ?? t('proofLabel')}
        placeholder={name === 'code' ? '123456' : ''}
        autoComplete="one-time-code"
        error={refusal.field(name)}
      />
      {refusal.form && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {refusal.form}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className={`${primary ? 'btn-primary' : 'btn-secondary'} justify-self-start`}
        data-testid={`${testId}-submit`}
      >
        {submit}
      </button>
    </form>
  );
}
