import { getTranslations } from 'next-intl/server';
import { adminPath, AREAS } from '@/lib/admin/areas';
import type { DashboardCounts } from '@/lib/admin/dashboard';
import { AdminLink } from '@/components/admin/admin-link';

interface Card {
  id: string;
  label: string;
  count: number;
  href: string;
  /** Something waits for someone: drawn so it stands out while the count is not zero. */
  attention?: boolean;
}

/**
 * The back office's home under "Choose one from the list" (issue 26): a card per figure, each a
 * link to where it is handled. What waits first (new inquiries, pending sign-ups), then what each
 * area holds. The cards wrap to the width (two on a 375 px phone) and use logical sides for Arabic.
 */
export async function Dashboard({ counts }: { counts: DashboardCounts }) {
  const t = await getTranslations('admin');
  const cards: Card[] = [];
  if (counts.newInquiries !== null)
    cards.push({
      id: 'new-inquiries',
      label: t('dashboard.newInquiries'),
      count: counts.newInquiries,
      href: `${adminPath.inquiries}?status=new`,
      attention: true,
    });
  if (counts.users)
    cards.push({
      id: 'pending-signups',
      label: t('dashboard.pendingSignUps'),
      count: counts.users.pending,
      href: '/Admin/Users',
      attention: true,
    });
  for (const { key, count } of counts.areas)
    cards.push({ id: `area-${key}`, label: t(`menu.${key}`), count, href: adminPath.list(AREAS[key]) });
  if (counts.users) cards.push({ id: 'accounts', label: t('dashboard.accounts'), count: counts.users.total, href: '/Admin/Users' });

  return (
    <section aria-labelledby="dashboard-heading" className="mb-6" data-testid="dashboard">
      <h2 id="dashboard-heading" className="mb-3 text-lg font-bold">
        {t('dashboard.heading')}
      </h2>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
        {cards.map((card) => (
          <li key={card.id} className="min-w-0">
            <AdminLink
              href={card.href}
              data-testid={`dashboard-${card.id}`}
              data-count={card.count}
              className={`flex h-full flex-col gap-1 rounded-xl p-4 ring-1 hover:ring-brand focus-visible:ring-2 ${
                card.attention && card.count > 0
                  ? 'bg-amber-50 text-amber-950 ring-amber-500'
                  : 'bg-white ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800'
              }`}
            >
              <span className="text-3xl font-extrabold tabular-nums">{card.count}</span>
              <span className="text-sm font-semibold break-words">{card.label}</span>
            </AdminLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
