import { notFound } from 'next/navigation';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { InquiryDetail } from '@/components/admin/inquiry-detail';
import { plainLeadNotice } from '@/lib/admin/notices';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { parseId } from '@/lib/entities/ids';

type Props = ScreenProps<{ id: string }>;

export const generateMetadata = screenMetadata<{ id: string }>((t, { id }) => t('tabs.quoteRequest', { id: parseId(id) ?? 0 }));

// One lead; a lead that is not there (deleted, or never was) is InquiryDetail's own notice.
export default async function InquiryPage({ params, searchParams }: Props) {
  const { locale, id: rawId } = await params;
  const user = await screenUser(locale);
  const id = parseId(rawId);
  if (!id) notFound();
  if (!can(user, 'content')) return <ForbiddenNotice />;
  return <InquiryDetail id={id} locale={locale} viewer={user.id} plain={plainLeadNotice(await searchParams)} />;
}
