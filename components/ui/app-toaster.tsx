import { Toaster } from 'sonner';
import { directionOf } from '@/lib/i18n/routing';

/**
 * Toasts, top right (spec §8). Only the back office and the sign-in pages raise any, so only their
 * layouts render this: the public pages never download sonner.
 */
export function AppToaster({ locale }: { locale: string }) {
  return <Toaster position="top-right" dir={directionOf(locale)} richColors closeButton />;
}
