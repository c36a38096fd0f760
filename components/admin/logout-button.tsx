'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { endSession, logout } from '@/lib/auth/actions';
import type { ActionResult } from '@/lib/admin/action-kit';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { ConfirmDialog } from './confirm-dialog';

export function LogoutButton() {
  const t = useTranslations('admin');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    const result = await logout().catch((): ActionResult => ({ ok: false, error: 'server' }));
    setBusy(false);
    setOpen(false);
    if (result.ok) {
      toast.success(t('logoutSuccess'), { duration: TIMINGS.successToastMs });
      // The session is already over on the server; the page stays for the toast's 2 seconds.
      setTimeout(() => {
        void endSession()
          .catch(() => {})
          .then(() => {
            router.push('/LogIn');
            router.refresh();
          });
      }, TIMINGS.redirectDelayMs);
    } else {
      toast.error(t('logoutFailed'), { duration: TIMINGS.errorToastMs });
    }
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="btn-secondary w-full" data-testid="logout">
        {t('logout')}
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        title={t('logoutTitle')}
        text={t('logoutText')}
        confirmLabel={t('logout')}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
