import { NotFoundView } from '@/components/site/not-found-view';

// The catch-all's notFound() also fires while the page hydrates; this boundary catches it inside
// the public layout, so the header and footer stay (the [locale] one would replace them).
export default function SiteNotFound() {
  return <NotFoundView />;
}
