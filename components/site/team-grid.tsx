import { getTranslations } from 'next-intl/server';
import { InitialsAvatar } from '@/components/ui/initials-avatar';
import { StaticImage } from '@/components/ui/static-image';
import type { TeamMemberView } from '@/lib/content/public';
import { searchAttr } from '@/lib/search';
import { SearchFilter } from './search-filter';

/**
 * Team grid (1–4 columns by width) and one dialog per member, all in the server HTML. The cards
 * open their dialogs with invoker commands and the dialogs close on Esc, their X or a click on the
 * backdrop (`closedby="any"`): all native, so a tap works from the first paint, before (and
 * without) any script. The modal dialog traps focus and gives it back to the card.
 */
export async function TeamGrid({ members }: { members: TeamMemberView[] }) {
  const t = await getTranslations();
  if (!members.length) return <p className="text-center text-zinc-700 dark:text-zinc-300">{t('team.empty')}</p>;
  return (
    <div>
      <SearchFilter noResults={t('common.noResults')} clear={t('nav.clearSearch')}>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="team-grid">
          {members.map((member, i) => (
            <li key={member.id} data-search={searchAttr(...member.searchText)}>
              <button
                type="button"
                commandfor={`member-${member.id}`}
                command="show-modal"
                aria-haspopup="dialog"
                data-testid="team-card"
                className="group block w-full overflow-hidden rounded-2xl bg-zinc-100 text-start ring-1 ring-zinc-200 transition hover:ring-brand focus-visible:outline-2 focus-visible:outline-brand dark:bg-zinc-900 dark:ring-zinc-800"
              >
                <div className="relative aspect-square bg-zinc-200 dark:bg-zinc-800">
                  {!member.image && <InitialsAvatar name={member.name} />}
                  {member.image && (
                    <StaticImage
                      src={member.image}
                      alt=""
                      fill
                      sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
                      priority={i === 0}
                      className="object-cover transition group-hover:scale-105"
                    />
                  )}
                </div>
                <div className="p-4">
                  {/* A long unbroken word wraps inside the card instead of widening it (a 375 px phone). */}
                  <p className="text-lg font-bold wrap-anywhere" data-testid="team-card-name">
                    {member.name}
                  </p>
                  <p className="text-sm wrap-anywhere text-zinc-700 dark:text-zinc-300">{member.jobTitle}</p>
                </div>
              </button>
            </li>
          ))}
        </ul>
      </SearchFilter>
      {members.map((member) => (
        <dialog
          key={member.id}
          id={`member-${member.id}`}
          aria-labelledby={`member-${member.id}-name`}
          closedby="any"
          data-testid="team-modal"
          className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-zinc-900 backdrop:bg-black/70 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {/* The photo keeps the square the cards show (a 4:3 crop cut off chins and badges):
              above the text on phones, beside it from 640 px so the dialog fits a laptop screen. */}
          <div className="relative sm:flex">
            <button
              type="button"
              commandfor={`member-${member.id}`}
              command="close"
              aria-label={t('team.close')}
              data-testid="team-modal-close"
              className="absolute end-3 top-3 z-10 grid size-10 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2.5">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
            {member.image && (
              <div className="relative aspect-square sm:w-64 sm:shrink-0 sm:self-start">
                <StaticImage
                  src={member.image}
                  alt={t('team.photoOf', { name: member.name })}
                  fill
                  sizes="(min-width: 640px) 16rem, 100vw"
                  loading="lazy"
                  className="object-cover"
                />
              </div>
            )}
            <div className="p-6 sm:pe-16">
              <h2 id={`member-${member.id}-name`} className="text-2xl font-extrabold wrap-anywhere">
                {member.name}
              </h2>
              <p className="mt-1 font-semibold wrap-anywhere text-brand-strong dark:text-brand">{member.jobTitle}</p>
              <p className="mt-4 leading-relaxed wrap-anywhere text-zinc-700 dark:text-zinc-300">{member.details}</p>
            </div>
          </div>
        </dialog>
      ))}
    </div>
  );
}
