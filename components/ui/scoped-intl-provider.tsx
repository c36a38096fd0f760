import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Namespace } from '@/lib/i18n/keys';

/** Sends the browser only the message namespaces a part of the app uses on the client. */
export async function ScopedIntlProvider({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]]))}>{children}</NextIntlClientProvider>
  );
}
