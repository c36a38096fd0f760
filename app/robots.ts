import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/Admin', '/ar/Admin', '/api/', '/LogIn', '/SignUp', '/ar/LogIn', '/ar/SignUp'] }],
    sitemap: `${config.siteUrl}/sitemap.xml`,
  };
}

export const dynamic = 'force-dynamic';
