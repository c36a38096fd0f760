'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { matches } from '@/lib/search';
import type { TeamMemberView } from '@/lib/content/public';
import { useSearch } from './search-context';

/**
 * Team grid (1–4 columns) and a member dialog. The native modal <dialog> traps focus, closes on
 * Esc and hands focus back to the card that opened it; a click on the backdrop closes it too.
 */
export function TeamGrid({ members }: { members: TeamMemberView[] }) {
  const t = useTranslations();
  const { query } = useSearch();
  const dialog = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState<TeamMemberView | null>(null);
  const visible = members.filter((m) => matches(query, ...m.searchText));

  const open = (member: TeamMemberView) => {
    setSelected(member);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  if (!members.length) return <p className="text-center text-zinc-700 dark:text-zinc-300">{t('team.empty')}</p>;
  return (
    <>
      {!visible.length && <p className="text-center text-zinc-700 dark:text-zinc-300">{t('common.noResults')}</p>}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="team-grid">
        {visible.map((member) => (
          <li key={member.id}>
            <button
              type="button"
              onClick={() => open(member)}
              aria-label={t('team.showDetails', { name: member.name })}
              aria-haspopup="dialog"
              data-testid="team-card"
              className="group block w-full overflow-hidden rounded-2xl bg-zinc-100 text-start ring-1 ring-zinc-200 transition hover:ring-brand focus-visible:outline-2 focus-visible:outline-brand dark:bg-zinc-900 dark:ring-zinc-800"
            >
              <div className="relative aspect-square bg-zinc-200 dark:bg-zinc-800">
                {member.image && <Image src={member.image} alt="" fill sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw" className="object-cover transition group-hover:scale-105" />}
              </div>
              <div className="p-4">
                <p className="text-lg font-bold">{member.name}</p>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">{member.jobTitle}</p>
              </div>
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-labelledby="member-name"
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
        onClose={() => setSelected(null)}
        data-testid="team-modal"
        className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-zinc-900 backdrop:bg-black/70 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {selected && (
          <div className="relative">
            <button
              type="button"
              onClick={close}
              aria-label={t('team.close')}
              data-testid="team-modal-close"
              className="absolute end-3 top-3 z-10 grid size-10 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2.5">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
            {selected.image && (
              <div className="relative aspect-[4/3]">
                <Image src={selected.image} alt={t('team.photoOf', { name: selected.name })} fill sizes="36rem" className="rounded-t-2xl object-cover" />
              </div>
            )}
            <div className="p-6">
              <h2 id="member-name" className="text-2xl font-extrabold">
                {selected.name}
              </h2>
              <p className="mt-1 font-semibold text-brand-strong dark:text-brand">{selected.jobTitle}</p>
              <p className="mt-4 leading-relaxed text-zinc-700 dark:text-zinc-300">{selected.details}</p>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
