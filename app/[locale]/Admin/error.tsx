'use client';

import { AdminLoadError } from '@/components/admin/admin-status';
import { usePathname } from '@/lib/i18n/navigation';

// Inside the back-office shell: the menu stays, only the screen that failed is replaced.
export default function AdminError({ retry }: { error: Error; retry: () => void }) {
  return <AdminLoadError pathname={usePathname()} retry={retry} />;
}
