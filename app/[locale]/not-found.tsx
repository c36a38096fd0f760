import { NextIntlClientProvider } from 'next-intl';
import { headers } from 'next/headers';
import { NotFoundView } from '@/components/site/not-found-view';
import { adminSlug } from '@/lib/admin/areas';
import { WANTED_PATH_HEADER } from '@/lib/auth/return-path';

// The 404 renders outside the group layouts, so its locale-aware link needs its own provider.
// The proxy names back-office paths in a header (public pages have none): their 404 leads to /Admin.
export default async function NotFound() {
  const admin = adminSlug((await headers()).get(WANTED_PATH_HEADER)) !== null;
  return (
    <NextIntlClientProvider messages={{}}>
      <NotFoundView standalone admin={admin} />
    </NextIntlClientProvider>
  );
}
