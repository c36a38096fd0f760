import { getTranslations } from 'next-intl/server';
import { MailStatus } from '@/components/admin/mail-status';
import { SettingsForm } from '@/components/admin/settings-form';
import { TwoFactorPolicyForm } from '@/components/admin/two-factor-policy-form';
import { imageLimits } from '@/lib/admin/screen';
import { NO_ROW_VERSION } from '@/lib/entities/version';
import { getAllSiteSettings } from '@/lib/settings';
import { DEFAULT_IMAGES, settingsDefaults } from '@/lib/settings/defaults';
import { PORTFOLIO_PATH, siteImageUrl } from '@/lib/settings/paths';
import { SETTINGS_TEXT_FIELDS, TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@/lib/settings/schema';

/** /Admin/Settings (Admins): the brand, where quote requests are mailed, the images, the two-factor policy. */
export async function SettingsScreen({ saved }: { saved: boolean }) {
  const t = await getTranslations('admin');
  const settings = await getAllSiteSettings();
  const file = (name: string | null) => (name ? siteImageUrl(name) : null);
  return (
    <section>
      <h1 tabIndex={-1} className="mb-6 text-3xl font-extrabold focus:outline-none">
        {t('settings.title')}
      </h1>
      {/* Whether the inquiry recipients below will get mail at all. */}
      <MailStatus />
      <SettingsForm
        // A new form after each save, so its fields show what was stored (normalised).
        key={settings.updatedAt ?? 'demo'}
        saved={saved}
        version={settings.updatedAt ?? NO_ROW_VERSION}
        initial={
          Object.fromEntries(SETTINGS_TEXT_FIELDS.map((name) => [name, String(settings[name])])) as Record<
            (typeof SETTINGS_TEXT_FIELDS)[number],
            string
          >
        }
        // What the site shows while nothing is saved: in the fields, marked "Default".
        defaults={await settingsDefaults(settings)}
        files={{
          logo: file(settings.logo),
          socialImage: file(settings.socialImage),
          aboutImage: file(settings.aboutImage),
          portfolio: settings.portfolio ? PORTFOLIO_PATH : null,
          showreelPoster: file(settings.showreelPoster),
        }}
        defaultImages={DEFAULT_IMAGES}
        imageLimits={imageLimits()}
      />
      <section aria-labelledby="two-factor-policy-title" className="mt-10 grid gap-4">
        <h2 id="two-factor-policy-title" className="text-xl font-bold">
          {t('settings.twoFactorTitle')}
        </h2>
        <TwoFactorPolicyForm
          policy={
            (TWO_FACTOR_POLICIES as readonly string[]).includes(settings.twoFactorPolicy)
              ? (settings.twoFactorPolicy as TwoFactorPolicy)
              : 'none'
          }
        />
      </section>
    </section>
  );
}
