import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import { Link } from '@/lib/i18n/navigation';
import { servicePath } from '@/lib/pages';
import type { ServiceView } from '@/lib/content/public';
import { searchAttr } from '@/lib/search';
import { SearchFilter } from './search-filter';

export async function ServicesGrid({ services }: { services: ServiceView[] }) {
  const t = await getTranslations();
  if (!services.length) return <p className="text-center text-zinc-700 dark:text-zinc-300">{t('services.empty')}</p>;
  return (
    <SearchFilter noResults={t('common.noResults')} clear={t('nav.clearSearch')}>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="services-grid">
        {services.map((service, i) => (
          <li
            key={service.id}
            data-search={searchAttr(...service.searchText)}
            className="relative flex flex-col overflow-hidden rounded-2xl bg-zinc-100 ring-1 ring-zinc-200 focus-within:ring-2 focus-within:ring-brand dark:bg-zinc-900 dark:ring-zinc-800"
            data-testid="service-card"
          >
            <h2 className="p-4 text-xl font-bold wrap-anywhere">
              {/* The whole card leads to the service's page; its title is the link's text. */}
              <Link
                href={servicePath(service.slug)}
                className="after:absolute after:inset-0 hover:underline focus:outline-none"
                data-testid="service-link"
              >
                {service.title}
              </Link>
            </h2>
            {service.image && (
              <div className="relative aspect-[4/3]">
                <StaticImage
                  src={service.image}
                  alt=""
                  fill
                  sizes="(min-width: 768px) 50vw, 100vw"
                  priority={i === 0}
                  className="object-cover"
                />
              </div>
            )}
            <p className="p-4 leading-relaxed text-zinc-700 dark:text-zinc-300">{service.description}</p>
          </li>
        ))}
      </ul>
    </SearchFilter>
  );
}
