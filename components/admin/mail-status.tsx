import { getTranslations } from 'next-intl/server';
import { mailStatus } from '@/lib/mail/outbox';

/**
 * Whether the site sends e-mail (issue 19: "no SMTP configured = no mail, and the back office
 * says so"), how many mails wait, and the mail server's last error while some do. A server
 * component on the back office's home screen: read per request, never cached for the public.
 */
export async function MailStatus() {
  const t = await getTranslations('admin.mailStatus');
  const status = await mailStatus();
  const trouble = !status.configured || status.lastError !== null;
  return (
    <section
      aria-labelledby="mail-status-heading"
      data-testid="mail-status"
      data-configured={status.configured ? 'yes' : 'no'}
      className={`mb-6 rounded-lg border p-4 ${trouble ? 'border-amber-500 bg-amber-50 text-amber-950' : 'border-emerald-600 bg-emerald-50 text-emerald-950'}`}
    >
      <h2 id="mail-status-heading" className="mb-1 text-lg font-bold">
        {t('heading')}
      </h2>
      <p>{status.configured ? t('configured') : t('notConfigured')}</p>
      {(status.configured || status.waiting > 0) && <p data-testid="mail-waiting">{t('waiting', { count: status.waiting })}</p>}
      {status.lastError && (
        <p className="mt-1 break-words" dir="auto" data-testid="mail-last-error">
          {t('lastError', { error: status.lastError })}
        </p>
      )}
    </section>
  );
}
