import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { ClientLogo } from '@/components/site/client-logo';
import type { TestimonialView } from '@/lib/content/testimonials';
import { Link } from '@/lib/i18n/navigation';

/**
 * Clients' words (issue 37 item 2: Home, a project, a service): every quote on the page at once,
 * as a grid that wraps (a column on a phone). Server-rendered, no script and nothing that moves
 * by itself, so there is nothing to pause. Nothing when there are none. `linkProjects` is false on
 * a project's own page, where the link would lead back to it.
 */
export async function Testimonials({
  items,
  linkProjects = true,
  className = '',
}: {
  items: TestimonialView[];
  linkProjects?: boolean;
  className?: string;
}) {
  if (!items.length) return null;
  const t = await getTranslations('proof');
  const common = await getTranslations('common');
  return (
    <section aria-labelledby="testimonials-heading" className={className} data-testid="testimonials">
      <h2 id="testimonials-heading" className="mb-8 text-center text-3xl font-extrabold">
        {t('testimonialsHeading')}
      </h2>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="flex">
            <figure
              className="flex w-full flex-col rounded-2xl bg-zinc-100 p-6 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
              data-testid="testimonial"
            >
              <blockquote className="grow text-lg leading-relaxed">
                <p className="whitespace-pre-line">{item.quote}</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span className="relative size-12 shrink-0 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800">
                  {item.photo ? (
                    <StaticImage src={item.photo} alt="" fill sizes="48px" className="object-cover" />
                  ) : (
                    <InitialsAvatar name={item.person} className="text-base" />
                  )}
                </span>
                <span className="min-w-0 grow">
                  <span className="block font-bold" data-testid="testimonial-person">
                    {item.person}
                  </span>
                  <span className="block text-sm text-zinc-700 dark:text-zinc-300" data-testid="testimonial-client">
                    {[item.role, item.client.name].filter(Boolean).join(', ')}
                  </span>
                  {linkProjects && item.project && (
                    <Link
                      href={item.project.path}
                      className="mt-1 block text-sm font-semibold text-brand-strong underline underline-offset-2 dark:text-brand"
                      data-testid="testimonial-project"
                    >
                      {t('testimonialProject', { project: item.project.name })}
                    </Link>
                  )}
                </span>
                {item.client.logo && (
                  // The carousel's copy of the logo (one download per logo on Home).
                  <ClientLogo
                    src={item.client.logo}
                    alt={common('clientLogo', { name: item.client.name })}
                    className="h-10 w-20 shrink-0 object-contain"
                  />
                )}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
