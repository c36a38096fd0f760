import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

export async function MailButton() {
  const t = await getTranslations('nav');
  return (
    <Link
      href="/ContactUs"
      aria-label={t('mailUs')}
      title={t('mailUs')}
      className="floating-action fixed bottom-5 end-5 z-40 grid size-14 place-items-center rounded-full bg-brand text-black shadow-lg hover:bg-brand-strong hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current" strokeWidth="2">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3 7l9 6 9-6" />
      </svg>
    </Link>
  );
}
