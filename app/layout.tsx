import type { ReactNode } from 'react';

// The real root layout (with <html lang dir>) is app/[locale]/layout.tsx; this one only exists so
// app/not-found.tsx can catch paths outside any locale.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
