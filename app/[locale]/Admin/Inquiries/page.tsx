import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { InquiryInbox } from '@/components/admin/inquiry-inbox';
import { plainLeadNotice } from '@/lib/admin/notices';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { parseInquiryFilter } from '@/lib/inquiries';

// Quote requests (issue 19): visitors write them, staff read, mark and annotate them.
export const generateMetadata = screenMetadata((t) => t('inquiries.title'));

export default async function InquiriesPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  const user = await screenUser(locale);
  if (!can(user, 'content')) return <ForbiddenNotice />;
  const query = await searchParams;
  return (
    <InquiryInbox locale={locale} filter={parseInquiryFilter(query)} viewer={user.id} deleted={plainLeadNotice(query)?.form === 'delete'} />
  );
}
