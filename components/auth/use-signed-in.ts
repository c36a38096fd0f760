'use client';

import { useTranslations } from 'next-intl';
import { useRouter as useRawRouter } from 'next/navigation';
import { toast } from 'sonner';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';

type SignInAnswer = { ok: true; next?: string } | { ok: false; error: string };

/**
 * What both steps of signing in (the password form and the code form) do with an answer that ends
 * it: signed in, the spec's toast and, 2 seconds later, the page asked for before signing in
 * (already prefixed with its language) or /Admin; an account awaiting approval, its page.
 * Answers whether it took the answer (else the form says what went wrong).
 */
export function useSignedIn(toastId: string): (answer: SignInAnswer) => boolean {
  const t = useTranslations('auth');
  const router = useRouter();
  // The action names the page to go to with its language prefix already in it (or not, for English).
  const rawRouter = useRawRouter();
  return (answer) => {
    if (answer.ok) {
      toast.success(t('loginSuccess'), { id: toastId, duration: TIMINGS.successToastMs });
      setTimeout(() => {
        if (answer.next) rawRouter.push(answer.next);
        else router.push('/Admin');
        router.refresh();
      }, TIMINGS.redirectDelayMs);
      return true;
    }
    if (answer.error === 'awaitingApproval') {
      router.push('/AwaitingApproval');
      return true;
    }
    return false;
  };
}
