import { NextIntlClientProvider } from 'next-intl';
import { NotFoundView } from '@/components/site/not-found-view';

// The 404 renders outside the group layouts, so its locale-aware link needs its own provider.
export default function NotFound() {
  return (
    <NextIntlClientProvider messages={{}}>
      <NotFoundView standalone />
    </NextIntlClientProvider>
  );
}
