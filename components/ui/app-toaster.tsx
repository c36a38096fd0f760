import { Toaster } from 'sonner';
import { directionOf } from '@/lib/i18n/routing';
import { TIMINGS } from '@/lib/timings';

/**
 * Toasts, top right (spec §8). Only the back office and the sign-in pages raise any, so only their
 * layouts render this: the public pages never download sonner.
 */
export function AppToaster({ locale }: { locale: string }) {
  // Dark as the spec's admin toasts, whatever the theme: they read well on both.
  return <Toaster position="top-right" dir={directionOf(locale)} theme="dark" richColors closeButton duration={TIMINGS.defaultToastMs} />;
}
