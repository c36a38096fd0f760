import type { ReactNode } from 'react';

/**
 * A list's filters folded behind one button on phones, so the list starts on the first screen: a
 * `<details>`, which opens on a tap without scripts. From 640 px it is always open
 * (`::details-content`) and its button is hidden; on a phone it starts open while a filter is in
 * use (`open`), so what narrows the list is in view. The back office's one fold (the inbox, the
 * activity log, the project list).
 */
export function FoldedFilters({
  label,
  open,
  testId,
  className = '',
  children,
}: {
  label: string;
  open: boolean;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <details
      open={open}
      className={`sm:[&::details-content]:block sm:[&::details-content]:[content-visibility:visible] ${className}`}
      data-testid={testId}
    >
      <summary className="btn-secondary cursor-pointer sm:hidden">{label}</summary>
      {children}
    </details>
  );
}
