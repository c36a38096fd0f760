import { getTranslations } from 'next-intl/server';
import { SocialIcon } from '@/components/site/social-icon';
import { getContacts } from '@/lib/content/public';
import { mainOffice } from '@/lib/offices';
import { getSiteSettings } from '@/lib/settings';
import { getBrand } from '@/lib/settings/brand';
import { whatsappUrl } from '@/lib/whatsapp';

/**
 * Click-to-chat on WhatsApp, floating beside the mail button (on its start side, same row, so on a
 * phone both stay under the footer's line, which keeps room for one row of buttons). The number is
 * the site settings' WhatsApp, else the main office's; with neither there is no button. A plain
 * link: no script, the same for every visitor, so it belongs in the cached page.
 */
export async function WhatsappButton({ locale }: { locale: string }) {
  const settings = await getSiteSettings();
  const number = settings.whatsapp || mainOffice(await getContacts(locale))?.whatsapp || '';
  if (!number) return null;
  const [t, brand] = await Promise.all([getTranslations('whatsapp'), getBrand(locale)]);
  const href = whatsappUrl(number, t('message', { company: brand.name }));
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('button')}
      title={t('button')}
      data-testid="whatsapp-button"
      className="floating-action fixed end-22 bottom-5 z-40 grid size-14 place-items-center rounded-full bg-[#25d366] text-black shadow-lg hover:bg-[#1ebe5b] focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <SocialIcon kind="whatsapp" className="size-7" />
    </a>
  );
}
