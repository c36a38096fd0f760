'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useScripted } from '@/components/ui/use-scripted';

/**
 * Copy, download and print for the recovery codes while they are shown (issue 35, item 6). The
 * download is a data: link built from the codes already on the page, so the codes never get a URL
 * on the server and the link works without scripts; copy and print need scripts, so they appear
 * only once the page has them.
 */
export function RecoveryCodeTools({ codes }: { codes: string[] }) {
  const t = useTranslations('admin.account');
  const scripted = useScripted();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  // One code a line, under the title and the note, as a person would keep them on paper.
  const text = [t('recoveryTitle'), t('recoveryNote'), '', ...codes, ''].join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden" data-testid="recovery-tools">
      {scripted && (
        <button type="button" className="btn-secondary" onClick={copy} data-testid="recovery-copy">
          {t('recoveryCopy')}
        </button>
      )}
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        download={t('recoveryFileName')}
        className="btn-secondary"
        data-testid="recovery-download"
      >
        {t('recoveryDownload')}
      </a>
      {scripted && (
        <button type="button" className="btn-secondary" onClick={() => window.print()} data-testid="recovery-print">
          {t('recoveryPrint')}
        </button>
      )}
      {copied && (
        <p role="status" className="basis-full font-semibold" data-testid="recovery-copied">
          {t(copied === 'yes' ? 'recoveryCopied' : 'recoveryCopyFailed')}
        </p>
      )}
    </div>
  );
}
