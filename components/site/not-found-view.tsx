import { getTranslations } from 'next-intl/server';
import { NotFoundHomeLink } from './not-found-home-link';

/** `standalone` when no layout around it provides the page's <main> (the bare not-found files). */
export async function NotFoundView({ standalone = false }: { standalone?: boolean }) {
  const t = await getTranslations('notFound');
  const Box = standalone ? 'main' : 'div';
  return (
    <Box className={`grid place-items-center px-4 py-16 text-center ${standalone ? 'min-h-svh' : 'min-h-[60svh]'}`}>
      <div>
        <p className="text-8xl font-extrabold text-brand-strong md:text-9xl dark:text-brand">{t('code')}</p>
        <h1 className="mt-4 text-balance text-3xl font-bold">{t('title')}</h1>
        <p className="mt-3 text-balance text-lg text-zinc-700 dark:text-zinc-300">{t('text')}</p>
        <NotFoundHomeLink
          home={t('home')}
          adminHome={t('adminHome')}
          className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-bold text-black hover:bg-brand-strong hover:text-white"
        />
      </div>
    </Box>
  );
}
