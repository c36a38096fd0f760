import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import type { Brand } from '@/lib/settings/brand';
import { embedUrl, isVideoId, watchUrl } from '@/lib/video';
import { VideoFrame } from './video-frame';

/**
 * Home's showreel (issue 37 item 2): the company's poster with a play button; the provider's
 * player is only asked for once it is pressed (components/site/video-frame.tsx), muted and paused
 * under reduced motion. Nothing when no showreel is set.
 */
export async function Showreel({
  showreel,
  company,
  className = '',
}: {
  showreel: Brand['showreel'];
  company: string;
  className?: string;
}) {
  if (!showreel || !isVideoId(showreel.video.provider, showreel.video.id)) return null;
  const t = await getTranslations('proof');
  const title = t('showreelHeading');
  return (
    <section aria-labelledby="showreel-heading" className={className} data-testid="showreel">
      <h2 id="showreel-heading" className="mb-8 text-center text-3xl font-extrabold">
        {title}
      </h2>
      <div className="mx-auto max-w-4xl">
        <VideoFrame
          title={company}
          label={t('playShowreel', { title: company })}
          watch={watchUrl(showreel.video)}
          embed={embedUrl(showreel.video)}
          quietEmbed={embedUrl(showreel.video, { quiet: true })}
          poster={
            <StaticImage
              src={showreel.poster}
              alt=""
              fill
              sizes="(min-width: 896px) 896px, 100vw"
              className="object-cover"
              data-testid="showreel-poster"
            />
          }
        />
      </div>
    </section>
  );
}
