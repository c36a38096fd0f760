import 'server-only';
import { db } from '@/lib/db/client';
import { NOT_FOUND_LIMITS } from './rules';

// What /Admin/Redirects shows: the redirects (at most REDIRECT_LIMITS.rows, newest first) and the
// 404 monitor's paths, the most asked-for first, a page at a time. Never cached: the counts move.

export async function listRedirects() {
  return db.redirect.findMany({ orderBy: { id: 'desc' } });
}

export async function findRedirect(id: number) {
  return db.redirect.findUnique({ where: { id } });
}

export async function notFoundPage(page: number) {
  const [rows, total] = await Promise.all([
    db.notFoundPath.findMany({
      orderBy: [{ hits: 'desc' }, { lastAt: 'desc' }],
      skip: (page - 1) * NOT_FOUND_LIMITS.pageSize,
      take: NOT_FOUND_LIMITS.pageSize,
    }),
    db.notFoundPath.count(),
  ]);
  return { rows, total, pages: Math.max(1, Math.ceil(total / NOT_FOUND_LIMITS.pageSize)) };
}
