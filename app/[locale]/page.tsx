import { setRequestLocale } from 'next-intl/server';
import { getHomeContent } from '@/lib/content/public';

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const home = await getHomeContent(locale);
  return (
    <main>
      <ul>
        {home.events.map((event) => (
          <li key={event.id}>
            {event.name} — {event.location}
          </li>
        ))}
      </ul>
    </main>
  );
}
