import { NotFoundView } from '@/components/site/not-found-view';

export default function NotFound() {
  return <NotFoundView />;
}
