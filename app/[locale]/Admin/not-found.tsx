import { NotFoundView } from '@/components/site/not-found-view';

// A back-office screen that finds nothing (reached by a client-side navigation): inside the shell, back to /Admin.
export default function AdminNotFound() {
  return <NotFoundView />;
}
