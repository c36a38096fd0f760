import { AdminLoading } from '@/components/admin/admin-status';

export default function Loading() {
  return <AdminLoading />;
}
