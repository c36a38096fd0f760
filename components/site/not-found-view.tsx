import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

export async function NotFoundView() {
  const t = await getTranslations('notFound');
  return (
    <main className="grid min-h-svh place-items-center px-4 text-center">
      <div>
        <p className="text-8xl font-extrabold text-brand-strong md:text-9xl dark:text-brand">{t('code')}</p>
        <h1 className="mt-4 text-3xl font-bold">{t('title')}</h1>
        <p className="mt-3 text-lg text-zinc-700 dark:text-zinc-300">{t('text')}</p>
        <Link href="/" className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-bold text-black hover:bg-brand-strong hover:text-white">
          {t('home')}
        </Link>
      </div>
    </main>
  );
}
