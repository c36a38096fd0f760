// What every back-office screen (app/[locale]/Admin/**/page.tsx) starts with: its props, its tab
// title and the person it is for. One place, so a new screen cannot forget a check.
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { sessionUser, type CurrentUser } from '@/lib/auth/guard';
import { redirectToSignIn } from '@/lib/auth/sign-in-redirect';
import { config } from '@/lib/config';
import { mustEnrol } from '@/lib/entities/user/two-factor';
import { redirect } from '@/lib/i18n/navigation';
import { brandedTitle } from '@/lib/seo';

export type SearchParams = Record<string, string | string[] | undefined>;

/** A screen's props: its locale and route segments, and the query. */
export interface ScreenProps<P extends object = object> {
  params: Promise<{ locale: string } & P>;
  searchParams: Promise<SearchParams>;
}

type AdminT = Awaited<ReturnType<typeof getTranslations<'admin'>>>;

/**
 * The tab's title names the screen ("Edit project · Back office · 7Stars Event"), so five open
 * tabs of the back office are told apart. `title` gets the admin messages and the route's segments.
 */
export function screenMetadata<P extends object = object>(title: (t: AdminT, params: P) => string) {
  return async ({ params }: { params: Promise<{ locale: string } & P> }): Promise<Metadata> => {
    const all = await params;
    const t = await getTranslations({ locale: all.locale, namespace: 'admin' });
    return { title: await brandedTitle(all.locale, t('tabTitle', { screen: title(t, all) })), robots: { index: false, follow: false } };
  };
}

/**
 * The signed-in person a screen is for, checked on every render of it, not only in the layout: a
 * client-side navigation re-renders the page but keeps the layout, and a demoted or deleted user
 * must be stopped on that very click. No session: the sign-in page (and back here after). Two-factor
 * sign-in required of them and not set up: their account page, the one screen open to them
 * (`enrolling`). A screen whose role check fails shows ForbiddenNotice (`can(user, …)`).
 */
export async function screenUser(locale: string, { enrolling = false } = {}): Promise<CurrentUser> {
  setRequestLocale(locale);
  const user = await sessionUser();
  if (!user) return redirectToSignIn(locale);
  if (!enrolling && (await mustEnrol(user))) return redirect({ href: '/Admin/Account', locale });
  return user;
}

/** What every image field states and checks a picked file against (the browser cannot read the settings). */
export const imageLimits = () => ({ bytes: config.maxUploadBytes, pixels: config.maxUploadPixels });
