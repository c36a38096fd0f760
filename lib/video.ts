// A project's videos: the one place that reads a pasted YouTube or Vimeo address and that writes
// the addresses the site uses (the frame, the provider's own page). The CSP's frame-src
// (lib/http/csp.ts) allows exactly the frame origins named here.

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoRef {
  provider: VideoProvider;
  id: string;
}

/**
 * The origins a video frame loads from: YouTube's privacy-enhanced domain (no cookies until the
 * visitor plays) and Vimeo's player, which `dnt=1` keeps from tracking the session.
 */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

// Strict on purpose: an id is put into a frame's URL, so anything beyond the providers' own
// alphabets (a slash, a dot, a query) is refused rather than escaped. Vimeo's ids are numbers
// with no leading zero, 12 digits at most (today's are 9 or 10).
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[1-9][0-9]{0,11}$/;

/** Longer than any real address of a video page; a longer input is not parsed at all. */
const MAX_URL_LENGTH = 2048;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const YOUTUBE_EMBED_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);

/** Whether `id` is a well-formed id of `provider` (the props the data layer hands the components). */
export function isVideoId(provider: VideoProvider, id: string): boolean {
  return provider === 'youtube' ? YOUTUBE_ID.test(id) : provider === 'vimeo' && VIMEO_ID.test(id);
}

/** The one path segment after `prefix` (a trailing slash allowed), or null. */
function segmentAfter(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length).replace(/\/$/, '');
  return rest && !rest.includes('/') ? rest : null;
}

function youtube(id: string | null | undefined): VideoRef | null {
  return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
}

function vimeo(id: string | null | undefined): VideoRef | null {
  return id && VIMEO_ID.test(id) ? { provider: 'vimeo', id } : null;
}

/**
 * The video a pasted address names, or null for anything else. Accepted: youtube.com/watch?v=ID,
 * youtu.be/ID, youtube.com/shorts/ID, youtube.com/embed/ID (and youtube-nocookie.com/embed/ID,
 * what embedUrl writes), on www., m. or the bare domain; vimeo.com/DIGITS and
 * player.vimeo.com/video/DIGITS. http(s) only, or no scheme at all ("youtu.be/ID", as people paste
 * it); no user name, password or port; other query parameters (si, t, feature) and a fragment are
 * ignored. Vimeo's unlisted links (vimeo.com/ID/HASH) are refused: without the hash the frame
 * would not play.
 */
export function parseVideoUrl(input: string): VideoRef | null {
  const text = input.trim();
  if (!text || text.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    // No scheme (and so no "javascript:" either): read as https.
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname;
  const path = url.pathname;

  if (YOUTUBE_HOSTS.has(host)) {
    if (path === '/watch' || path === '/watch/') {
      // One `v` only: two could mean different videos to us and to YouTube.
      const ids = url.searchParams.getAll('v');
      return ids.length === 1 ? youtube(ids[0]) : null;
    }
    return youtube(segmentAfter(path, '/shorts/') ?? segmentAfter(path, '/embed/'));
  }
  if (host === 'youtu.be') return youtube(segmentAfter(path, '/'));
  if (YOUTUBE_EMBED_HOSTS.has(host)) return youtube(segmentAfter(path, '/embed/'));
  if (VIMEO_HOSTS.has(host)) return vimeo(segmentAfter(path, '/'));
  if (host === 'player.vimeo.com') return vimeo(segmentAfter(path, '/video/'));
  return null;
}

/**
 * The frame's address on the provider's privacy-enhanced player: started at once (the visitor has
 * just pressed play), or `quiet`, for a visitor who asks for reduced motion: muted and paused
 * until they start it in the player. The id is encoded as well as checked upstream: a stored id
 * that bypassed parseVideoUrl still cannot leave its path segment.
 */
export function embedUrl(video: VideoRef, { quiet = false }: { quiet?: boolean } = {}): string {
  const id = encodeURIComponent(video.id);
  if (video.provider === 'youtube') return `${VIDEO_FRAME_ORIGINS[0]}/embed/${id}?${quiet ? 'mute=1' : 'autoplay=1'}`;
  return `${VIDEO_FRAME_ORIGINS[1]}/video/${id}?dnt=1&${quiet ? 'muted=1' : 'autoplay=1'}`;
}

/** The video's page on the provider's site: where the poster links before (or without) JavaScript. */
export function watchUrl(video: VideoRef): string {
  const id = encodeURIComponent(video.id);
  return video.provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}
