import { getTranslations } from 'next-intl/server';
import { embedUrl, isVideoId, watchUrl, type VideoRef } from '@/lib/video';
import { VideoFrame } from './video-frame';

export interface ProjectVideo extends VideoRef {
  title: string;
}

/**
 * A project's videos, one click-to-load poster each (1 column, 2 from 768 px). The addresses are
 * written here, on the server, so the browser gets four short strings per video and none of the
 * parsing. A video whose id is not well-formed is left out rather than framed.
 */
export async function VideoPosters({ videos }: { videos: ProjectVideo[] }) {
  const playable = videos.filter((video) => isVideoId(video.provider, video.id));
  if (!playable.length) return null;
  const t = await getTranslations('projects');
  return (
    <section aria-labelledby="project-videos-heading" data-testid="project-videos">
      <h2 id="project-videos-heading" className="mb-6 text-2xl font-extrabold">
        {t('videos')}
      </h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
        {/* By position: the same video may be listed twice. */}
        {playable.map((video, i) => (
          <li key={i}>
            <VideoFrame
              title={video.title}
              label={t('playVideo', { title: video.title })}
              watch={watchUrl(video)}
              embed={embedUrl(video)}
              quietEmbed={embedUrl(video, { quiet: true })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
