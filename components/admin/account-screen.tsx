import { getTranslations } from 'next-intl/server';
import { NameForm } from '@/components/admin/name-form';
import { PasswordForm } from '@/components/admin/password-form';
import { SessionList } from '@/components/admin/session-list';
import { TwoFactorPanel, type TwoFactorView } from '@/components/admin/two-factor-panel';
import type { CurrentUser } from '@/lib/auth/guard';
import { listSessions } from '@/lib/entities/user/account';
import { twoFactorStatus } from '@/lib/entities/user/two-factor';
import { formatWhen } from '@/lib/i18n/dates';

/** /Admin/Account: every signed-in person's own name, two-factor sign-in, password and sessions. */
export async function AccountScreen({ locale, user, enrol }: { locale: string; user: CurrentUser; enrol: boolean }) {
  const t = await getTranslations('admin');
  const [sessions, status] = await Promise.all([listSessions(user), twoFactorStatus(user.id)]);
  const view: TwoFactorView =
    status.state === 'on' ? { state: 'on', since: formatWhen(status.enabledAt, locale), codesLeft: status.codesLeft } : status;
  return (
    <section className="grid gap-10">
      <h1 tabIndex={-1} className="text-3xl font-extrabold focus:outline-none">
        {t('account.title')}
      </h1>
      <section aria-labelledby="name-title" className="grid gap-4">
        <h2 id="name-title" className="text-xl font-bold">
          {t('account.nameTitle')}
        </h2>
        <NameForm name={user.name} />
      </section>
      <section aria-labelledby="two-factor-title" className="grid gap-4">
        <h2 id="two-factor-title" className="text-xl font-bold">
          {t('account.twoFactorTitle')}
        </h2>
        <TwoFactorPanel view={view} required={enrol} />
      </section>
      <section aria-labelledby="password-title" className="grid gap-4">
        <h2 id="password-title" className="text-xl font-bold">
          {t('account.passwordTitle')}
        </h2>
        <PasswordForm />
      </section>
      <section aria-labelledby="sessions-title" className="grid gap-4">
        <h2 id="sessions-title" className="text-xl font-bold">
          {t('account.sessionsTitle')}
        </h2>
        <p className="text-zinc-700 dark:text-zinc-300">{t('account.sessionsIntro')}</p>
        <SessionList
          sessions={sessions.map((s) => ({
            ...s,
            opened: formatWhen(s.createdAt, locale),
            lastUsed: s.lastUsedAt ? formatWhen(s.lastUsedAt, locale) : null,
          }))}
        />
      </section>
    </section>
  );
}
