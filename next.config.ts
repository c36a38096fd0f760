import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { ADMIN_LOCALE_COOKIE, LOCALE_COOKIE } from './lib/i18n/locale-cookie';
import { CANONICAL_SEGMENTS, STAFF_SEGMENTS } from './lib/pages';
import { ACTION_BODY_LIMIT } from './lib/http/upload-limits';
import { ARABIC_FIRST } from './lib/http/accept-language';
import { adminRewrites } from './lib/admin/rewrites';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // Messages are compiled at build time, so the browser gets no ICU parser (less JavaScript to
  // download and run on every public page).
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/**
 * The image folders: the old client's (`sliderimges`, `servimges`, …) and any new entity's, which
 * keep the same ending. Which folders exist is the entity registry's business: the media route
 * answers 404 for one no entity names (lib/entities/registry.ts, IMAGE_URL_FOLDERS).
 */
const IMAGE_FOLDER = '[a-z]+imges';

/**
 * An unprefixed page path: not a locale, not the API, Next internals or an image folder (a file
 * there is never redirected to another language, even without its extension), no dot (files are
 * left alone).
 */
const ENGLISH_PAGE = `(?!ar(?:/|$)|en(?:/|$)|api/|_next/|_vercel/|media/|readyz$|${IMAGE_FOLDER}/)[^.]*`;

/** The staff pages' first segments (lib/pages.ts), as one regular expression alternative. */
const STAFF = `(?:${STAFF_SEGMENTS.join('|')})(?:/|$)`;

/** An unprefixed public page path: what the public site's language cookie redirects. */
const PUBLIC_ENGLISH_PAGE = `(?!${STAFF})${ENGLISH_PAGE}`;

/** An unprefixed staff page path (back office, sign-in): what the staff's own language cookie redirects. */
const STAFF_ENGLISH_PAGE = `(?=${STAFF})[^.]*`;

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ...(process.env.NODE_ENV === 'production' ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Optimised images only, in memory (server/next-cache-handler.ts): pages are kept in front of
  // Next, where a write purges them, so nothing stale outlives a write, a restart or a switch of
  // DATABASE_URL.
  cacheHandler: path.resolve('dist/next-cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  // `'use cache'` entries and tag expiries: memory, or Redis shared by every instance
  // (server/use-cache-handler.ts, compiled into dist/ by the build).
  cacheHandlers: { default: path.resolve('dist/use-cache-handler.mjs') },
  // With the pages' `revalidate = 30` (app/[locale]/layout.tsx), Next sends
  // `Cache-Control: s-maxage=30, stale-while-revalidate=30`: a shared cache (CDN, proxy) keeps a
  // page at most 60 s in all, never a year (Next's default for pages without revalidate).
  expireTime: 60,
  // Runtime-only packages that must not be bundled (native or WASM).
  serverExternalPackages: [
    '@node-rs/argon2',
    'sharp',
    '@electric-sql/pglite',
    '@electric-sql/pglite-tools',
    'pg',
    'age-encryption',
    'tar-stream',
    'croner',
  ],
  experimental: {
    // `'use cache'` for the public reads, without Cache Components' rendering model (the pages
    // stay ISR): the documented flag Next 16 keeps for that, deprecated in favour of cacheComponents.
    useCache: true,
    // Admin uploads go through server actions; the image limit is checked again in lib/uploads.
    // server/forward.ts enforces the same limit first (413 rather than Next's 500).
    serverActions: { bodySizeLimit: ACTION_BODY_LIMIT },
    // proxy.ts runs on the back office, and Next keeps a copy of a body for it up to this, passing
    // on only that much: at its 10 MB default a phone's 20 MB photo reached the action cut short
    // ("Unexpected end of form"). The action limit, so the only bound is the one above.
    proxyClientMaxBodySize: ACTION_BODY_LIMIT,
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // Few widths: every width is one more URL in every srcset of every page (HTML size is the
    // main cost of a cached page), and these cover phones, tablets and desktops. 828 is there for
    // phones (a 412 px screen at 1.75x needs 721 px): without it they got the 1080 px hero, whose
    // AVIF decode (~70-100 ms in software) held up the first frame on this machine.
    deviceSizes: [640, 828, 1080, 1920],
    imageSizes: [96, 256],
    localPatterns: [{ pathname: '/*imges/**' }, { pathname: '/brand/**' }],
    minimumCacheTTL: 31536000,
    // The same policy as the media route's own answers (Next's default lacks default-src).
    contentSecurityPolicy: "default-src 'none'; sandbox",
    customCacheHandler: true,
  },
  // Routing only (access control is the server guard's job). These used to live in proxy.ts;
  // as config they cost the hot path nothing (the proxy took ~40% of a cached page's time).
  async redirects() {
    const remembersArabic = [{ type: 'cookie' as const, key: LOCALE_COOKIE, value: 'ar' }];
    const staffRemembersArabic = [{ type: 'cookie' as const, key: ADMIN_LOCALE_COOKIE, value: 'ar' }];
    // A first visit (no language cookie yet) whose browser puts Arabic before English (issue 27).
    const firstVisitArabic = {
      has: [{ type: 'header' as const, key: 'accept-language', value: ARABIC_FIRST }],
      missing: [{ type: 'cookie' as const, key: LOCALE_COOKIE }],
    };
    return [
      // English keeps the old unprefixed URLs.
      { source: '/en', destination: '/', permanent: true },
      { source: '/en/:path*', destination: '/:path*', permanent: true },
      // A visitor who chose Arabic and opens an English URL gets the Arabic page.
      { source: '/', has: remembersArabic, destination: '/ar', permanent: false },
      { source: `/:path(${PUBLIC_ENGLISH_PAGE})`, has: remembersArabic, destination: '/ar/:path', permanent: false },
      { source: '/', ...firstVisitArabic, destination: '/ar', permanent: false },
      { source: `/:path(${PUBLIC_ENGLISH_PAGE})`, ...firstVisitArabic, destination: '/ar/:path', permanent: false },
      // The back office and sign-in follow the staff's own choice, whatever the public site's (issue 26).
      { source: `/:path(${STAFF_ENGLISH_PAGE})`, has: staffRemembersArabic, destination: '/ar/:path', permanent: false },
    ];
  },
  async rewrites() {
    return {
      beforeFiles: [
        // The old image folders, served by one route handler.
        {
          source: `/:folder(${IMAGE_FOLDER})/:name`,
          destination: '/media/:folder/:name',
        },
        // English pages keep the old unprefixed URLs; internally they live under /en.
        { source: '/', destination: '/en' },
        // The back office's addresses (/Admin/Teams, /Admin/CreateTeam, /Admin/Team/5, /admin/users)
        // to the route of each screen, derived from the registry (lib/admin/rewrites.ts).
        ...adminRewrites(),
        // The old client matched routes case-insensitively, and so do these sources: /services
        // serves /Services (its canonical link names the one spelling). The segments: lib/pages.ts.
        ...CANONICAL_SEGMENTS.flatMap((segment) => [
          { source: `/${segment}/:rest*`, destination: `/en/${segment}/:rest*` },
          { source: `/ar/${segment}/:rest*`, destination: `/ar/${segment}/:rest*` },
        ]),
        { source: `/:path(${ENGLISH_PAGE})`, destination: '/en/:path' },
      ],
    };
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // Pages get theirs from the HTTP server and proxy.ts (lib/http/csp); the API's JSON
      // only needs to refuse being framed.
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: "frame-ancestors 'none'" }] },
    ];
  },
};

export default withNextIntl(nextConfig);
