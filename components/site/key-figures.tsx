import { getTranslations } from 'next-intl/server';
import type { KeyFigure } from '@/lib/settings/figures';

/**
 * The company's key figures (issue 37: Home and About), set in Settings or the demo's: a list whose
 * terms are the words and whose values the numbers, each number drawn above its words and kept left
 * to right ("1,200+", "24/7" read as written in Arabic too). Server-rendered, no script; nothing
 * when there are none.
 */
export async function KeyFigures({ figures, className = '' }: { figures: KeyFigure[]; className?: string }) {
  if (!figures.length) return null;
  const t = await getTranslations('home');
  return (
    <section aria-labelledby="figures-heading" className={className} data-testid="key-figures">
      <h2 id="figures-heading" className="sr-only">
        {t('figuresHeading')}
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {figures.map((figure, i) => (
          <div
            key={i}
            className="flex flex-col-reverse rounded-2xl bg-zinc-100 p-4 text-center ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
            data-testid="key-figure"
          >
            <dt className="mt-1 text-sm font-semibold text-zinc-700 dark:text-zinc-300">{figure.label}</dt>
            <dd dir="ltr" className="text-3xl font-extrabold text-brand-strong dark:text-brand">
              <bdi>{figure.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
