import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ...(process.env.NODE_ENV === 'production'
    ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
    : []),
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Pages, cached reads and optimised images live in this process's memory (lib/cache-handler.mjs):
  // nothing stale can outlive a restart or a switch of DATABASE_URL.
  cacheHandler: path.resolve('lib/cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  // Runtime-only packages that must not be bundled (native or WASM).
  serverExternalPackages: ['@node-rs/argon2', 'sharp', '@electric-sql/pglite', 'pg'],
  experimental: {
    // Admin uploads go through server actions; the image limit is checked again in lib/uploads.
    serverActions: { bodySizeLimit: '12mb' },
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // Few widths: every width is one more URL in every srcset of every page (HTML size is the
    // main cost of a cached page), and these cover phones, tablets and desktops.
    deviceSizes: [640, 1080, 1920],
    imageSizes: [96, 256],
    localPatterns: [
      { pathname: '/sliderimges/**' },
      { pathname: '/clientimges/**' },
      { pathname: '/contactimges/**' },
      { pathname: '/teamimges/**' },
      { pathname: '/servimges/**' },
      { pathname: '/brand/**' },
    ],
    minimumCacheTTL: 31536000,
    customCacheHandler: true,
  },
  async rewrites() {
    return {
      beforeFiles: [
        // The old image folders, served by one route handler.
        {
          source: '/:folder(sliderimges|clientimges|contactimges|teamimges|servimges)/:name',
          destination: '/media/:folder/:name',
        },
        // English pages keep the old unprefixed URLs; internally they live under /en.
        { source: '/', destination: '/en' },
        {
          // Paths with a dot are files (public/, sitemap.xml…) and are left alone.
          source: '/:path((?!ar(?:/|$)|en(?:/|$)|api/|_next/|_vercel/|media/)[^.]*)',
          destination: '/en/:path',
        },
      ],
    };
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default withNextIntl(nextConfig);
