'use client';

import { AdminLoadError } from '@/components/admin/admin-status';

// Inside the back-office shell: the menu stays, only the screen that failed is replaced.
export default function AdminError({ retry }: { error: Error; retry: () => void }) {
  return <AdminLoadError retry={retry} />;
}
