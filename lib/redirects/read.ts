import 'server-only';
import { db } from '@/lib/db/client';
import { NOT_FOUND_LIMITS, REDIRECT_PAGE_SIZE } from './rules';

// What /Admin/Redirects shows, a page at a time each: the redirects, newest first, and the 404
// monitor's paths, the most asked-for first. Never cached: the counts move.

/** A page of the redirects, newest first, and how many there are (the screen's weight does not grow with them). */
export async function redirectPage(page: number) {
  const [rows, total] = await Promise.all([
    db.redirect.findMany({ orderBy: { id: 'desc' }, skip: (page - 1) * REDIRECT_PAGE_SIZE, take: REDIRECT_PAGE_SIZE }),
    db.redirect.count(),
  ]);
  return { rows, total, pages: Math.max(1, Math.ceil(total / REDIRECT_PAGE_SIZE)) };
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
