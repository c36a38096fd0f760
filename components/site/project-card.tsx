import { useTranslations } from 'next-intl';
import { StaticImage } from '@/components/ui/static-image';
import type { ProjectCard as Card } from '@/lib/content/projects';
import { placeOf } from '@/lib/content/place';
import { Link } from '@/lib/i18n/navigation';
import { projectPath } from '@/lib/pages';
import { ClientLogo } from './client-logo';

/**
 * A project in a grid: the whole card is one link to its page (its name is the link's text).
 * Rendered on the server (/Projects, a project's related ones, Home) and in the browser (Home's
 * live search results), so it is neither async nor a client component, and its words come from
 * `common`, a namespace the browser has.
 */
export function ProjectCard({
  project,
  priority,
  level = 3,
}: {
  project: Card;
  priority?: boolean;
  /** Its heading's level: 2 where the list is the page's own (right under its h1), 3 under a section's h2. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const t = useTranslations('common');
  const place = placeOf(project);
  return (
    <li
      className="group relative overflow-hidden rounded-2xl bg-zinc-100 shadow-sm ring-1 ring-zinc-200 focus-within:ring-2 focus-within:ring-brand dark:bg-zinc-900 dark:ring-zinc-800"
      data-testid="event-card"
    >
      <div className="relative aspect-[3/2]">
        {project.image && (
          <StaticImage
            src={project.image}
            alt=""
            fill
            sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
            priority={priority}
            className="object-cover transition-transform group-hover:scale-105 motion-reduce:transition-none"
          />
        )}
        {project.client.logo && (
          <div className="absolute start-3 top-3 rounded-lg bg-white/95 p-2 shadow">
            <ClientLogo
              src={project.client.logo}
              alt={t('clientLogo', { name: project.client.name })}
              className="h-10 w-auto object-contain"
            />
          </div>
        )}
      </div>
      <div className="p-4">
        <Heading className="text-lg font-bold wrap-anywhere">
          {/* The link covers the card (its ::after), so the whole card is one tap target and one tab stop. */}
          <Link href={projectPath(project.slug)} className="after:absolute after:inset-0 focus:outline-none" data-testid="project-link">
            {project.name}
          </Link>
        </Heading>
        <p className="mt-1 flex items-center gap-1 text-sm text-zinc-700 dark:text-zinc-300">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-none stroke-current" strokeWidth="2">
            <path d="M12 21s-7-6.1-7-11a7 7 0 1 1 14 0c0 4.9-7 11-7 11z" />
            <circle cx="12" cy="10" r="2.5" />
          </svg>
          <span data-testid="event-location">{place}</span>
        </p>
        {project.date && (
          <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
            <time dateTime={project.date}>{project.date.slice(0, 4)}</time>
          </p>
        )}
      </div>
    </li>
  );
}
