import Link from 'next/link';
import { cairoArabic, cairoLatin } from '@/app/fonts';
import '@/app/globals.css';

// Outside any locale (rare: every page path is mapped to one in next.config.ts). English, plain.
export default function RootNotFound() {
  return (
    <html lang="en" className={`dark ${cairoLatin.variable} ${cairoArabic.variable}`}>
      <body className="grid min-h-svh place-items-center font-sans text-center">
        <main>
          <p className="text-8xl font-extrabold text-brand">404</p>
          <h1 className="mt-4 text-3xl font-bold">Oops!</h1>
          <p className="mt-3 text-lg">The page you&apos;re looking for doesn&apos;t exist or has been moved.</p>
          <Link href="/" className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-bold text-black">
            Go to Home
          </Link>
        </main>
      </body>
    </html>
  );
}
