'use client';

import { PageErrorView } from '@/components/site/page-error-view';

// Inside this group's layout: the header and footer stay, only the page that failed is replaced.
export default function PageError() {
  return <PageErrorView />;
}
