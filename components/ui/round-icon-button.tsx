import type { ReactNode } from 'react';

/**
 * A round button over a photo (the slider's and the lightbox's arrows, pause, close): named by
 * `label` (also its tooltip), its icon the `children` paths, `flip` mirrors an arrow. `className`
 * sets its size and background.
 */
export function RoundIconButton({
  label,
  onClick,
  children,
  flip = false,
  testId,
  pressed,
  className,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  flip?: boolean;
  testId?: string;
  pressed?: boolean;
  className: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
      aria-pressed={pressed}
      className={`grid shrink-0 place-items-center rounded-full text-white focus-visible:outline-2 focus-visible:outline-white ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`size-5 fill-none stroke-current ${flip ? 'rotate-180' : ''}`}
        strokeWidth="2.5"
      >
        {children}
      </svg>
    </button>
  );
}
