import { Suspense } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotFoundView } from '@/components/site/not-found-view';
import { brandedTitle } from '@/lib/seo';

// Any path that matches no page gets the localized 404 here, inside the public site's layout
// (header, language and theme toggles, footer), so a visitor who lands here can go anywhere.
//
// Why not just call notFound(): Next 16 renders a notFound() that reaches the page shell as an
// empty `<html id="__next_error__">` and draws the 404 only after hydration (vercel/next.js#62228),
// so crawlers and visitors without JavaScript saw a blank page. Here the 404 view is ordinary
// page content, and notFound() is thrown inside a Suspense boundary: the prerender keeps the
// markup outside the boundary and still answers 404 (with `noindex`). That needs the prerender
// path, hence generateStaticParams. Unknown paths are rendered by Next each time: Next keeps no
// pages (server/next-cache-handler.ts), and the page cache in front never keeps a 404.

type Props = { params: Promise<{ locale: string }> };

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return { title: await brandedTitle(locale, t('notFound.title')) };
}

async function NotFoundStatus(): Promise<null> {
  notFound();
}

export default async function CatchAll({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <>
      <NotFoundView />
      <Suspense fallback={null}>
        <NotFoundStatus />
      </Suspense>
    </>
  );
}
