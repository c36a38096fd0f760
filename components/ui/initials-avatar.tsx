import { initialsOf } from '@/lib/initials';

/**
 * What a person without a photo shows in the photo's place (the team grid, its dialog, the
 * back office's card): their initials on a tinted square filling the box it is put in, not an
 * empty grey box. Decorative: the name is written beside it.
 */
export function InitialsAvatar({ name, className = 'text-5xl' }: { name: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="initials-avatar"
      className={`absolute inset-0 grid place-items-center bg-brand/25 font-extrabold text-zinc-800 select-none dark:bg-brand/20 dark:text-zinc-100 ${className}`}
    >
      {initialsOf(name)}
    </div>
  );
}
