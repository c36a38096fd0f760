'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { VersionConflict as Conflict } from '@/lib/admin/action-kit';
import type { FormField } from '@/lib/admin/areas';
import { differences, reapply, typedValues, type FieldDifference } from '@/lib/admin/conflict';

/**
 * A form's side of optimistic versions: the version its fields were read at (sent back in the
 * hidden `version` field) and the values they start from. A save refused over a newer version
 * (the answer's `conflict`) draws the fields again with the newer values (`generation` is part of
 * their keys) and keeps what differs for the panel; `reapplyMine` puts this person's edits back.
 */
export function useVersionedValues(fields: readonly FormField[], initial: Record<string, string>, readVersion: string | null) {
  const [version, setVersion] = useState(readVersion ?? '');
  const [values, setValues] = useState(initial);
  const [generation, setGeneration] = useState(0);
  const [conflict, setConflict] = useState<{
    base: Record<string, string>;
    theirs: Record<string, string>;
    yours: Record<string, string>;
    differences: FieldDifference[];
    reapplied: boolean;
  } | null>(null);

  /** The refused save's form and the answer's newer version. */
  function refused(sent: FormData, newer: Conflict) {
    const yours = typedValues(fields, sent);
    const theirs = { ...values, ...newer.values };
    setConflict({ base: values, theirs, yours, differences: differences(fields, theirs, yours), reapplied: false });
    setVersion(newer.version);
    setValues(theirs);
    setGeneration((g) => g + 1);
  }

  function reapplyMine() {
    if (!conflict) return;
    setValues(reapply(fields, conflict.base, conflict.theirs, conflict.yours));
    setGeneration((g) => g + 1);
    setConflict({ ...conflict, reapplied: true });
  }

  /** Values kept from before (a draft): drawn in the fields, saved only when the person saves. */
  function restore(kept: Record<string, string>) {
    setValues((current) => ({ ...current, ...kept }));
    setGeneration((g) => g + 1);
  }

  return { version, values, generation, conflict, refused, reapplyMine, restore };
}

/**
 * A save refused because someone else saved in between (409 `staleVersion`): says so, lists the
 * fields that differ (saved now against what this person sent) and offers to put their edits back
 * on top of the newer version. The form around it already shows the newer version; nothing is
 * saved until the person saves again. Focused when it appears, so a screen reader hears it first.
 */
export function VersionConflict({
  differences,
  label,
  display,
  reapplied,
  onReapply,
}: {
  differences: FieldDifference[];
  /** A field's label, as the form shows it. */
  label: (name: string) => string;
  /** A value as a person reads it (a client's name rather than its id, Yes or No for a box). */
  display: (name: string, value: string) => string;
  reapplied: boolean;
  onReapply: () => void;
}) {
  const t = useTranslations('admin.conflict');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On the next task: the item form's confirmation dialog closes in this same commit (its
    // effect runs after this one) and hands focus back to its opener.
    const timer = setTimeout(() => {
      panel.current?.focus({ preventScroll: true });
      panel.current?.scrollIntoView({ block: 'start' });
    });
    return () => clearTimeout(timer);
  }, [differences]);
  const shown = (name: string, value: string) => display(name, value).trim() || t('empty');
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="alert"
      className="grid gap-3 rounded-xl border-s-4 border-amber-500 bg-amber-50 p-4 text-amber-950 focus:outline-none dark:bg-amber-950 dark:text-amber-50"
      data-testid="version-conflict"
    >
      <p className="font-bold">{t('title')}</p>
      <p>{differences.length ? t('text') : t('noDifferences')}</p>
      {differences.length > 0 && (
        <table className="w-full table-fixed text-start text-sm">
          <thead>
            <tr>
              <th scope="col" className="pe-2 text-start">
                {t('field')}
              </th>
              <th scope="col" className="pe-2 text-start">
                {t('theirs')}
              </th>
              <th scope="col" className="text-start">
                {t('yours')}
              </th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.name} data-testid={`conflict-${d.name}`} className="align-top">
                <th scope="row" className="pe-2 text-start font-semibold">
                  {label(d.name)}
                </th>
                {/* <bdi>: each value reads in its own direction, whatever the page's. */}
                <td className="pe-2 break-words whitespace-pre-line" data-testid="conflict-theirs">
                  <bdi>{shown(d.name, d.theirs)}</bdi>
                </td>
                <td className="break-words whitespace-pre-line" data-testid="conflict-yours">
                  <bdi>{shown(d.name, d.yours)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {reapplied ? (
        <p className="font-semibold" role="status">
          {t('reapplied')}
        </p>
      ) : (
        differences.length > 0 && (
          <div>
            <button type="button" className="btn-secondary" onClick={onReapply} data-testid="conflict-reapply">
              {t('reapply')}
            </button>
          </div>
        )
      )}
    </div>
  );
}
