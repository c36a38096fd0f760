'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useScripted } from '@/components/ui/use-scripted';

/**
 * One video, click to load: until the visitor presses play, a local poster (no request to the
 * provider, not even for a thumbnail; `poster` is our own picture, else a gradient); then the
 * provider's player in its place, started at once, or muted and paused (`quietEmbed`) for a
 * visitor whose system asks for reduced motion. The server's HTML (and a browser without
 * JavaScript) has a link to the video's own page instead of the button, so a tap before the
 * script runs still gets to the video.
 */
export function VideoFrame({
  title,
  label,
  watch,
  embed,
  quietEmbed,
  poster,
}: {
  title: string;
  label: string;
  watch: string;
  embed: string;
  /** The muted, paused player for reduced motion (lib/video.ts embedUrl `quiet`); absent: `embed`. */
  quietEmbed?: string;
  poster?: ReactNode;
}) {
  // False in the server's HTML and while hydrating, true from then on: the link becomes a button
  // only where a click can be handled.
  const scripted = useScripted();
  // The player's address once play is pressed (null before).
  const [playing, setPlaying] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The pressed button is gone: focus follows the video into its player.
    if (playing) frame.current?.focus();
  }, [playing]);

  if (playing) {
    return (
      <iframe
        ref={frame}
        src={playing}
        title={title}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        // YouTube's player refuses to start without knowing the embedding site (error 153): the
        // browser's default policy sends the origin, never the page's path.
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full rounded-2xl border-0 bg-black"
        data-testid="video-frame"
      />
    );
  }

  const face = (
    <>
      {poster && (
        <span aria-hidden="true" className="absolute inset-0">
          {poster}
        </span>
      )}
      <span
        aria-hidden="true"
        className="relative grid size-16 place-items-center rounded-full bg-brand text-black shadow-lg transition group-hover:scale-110 motion-reduce:transition-none"
      >
        {/* A play triangle is not mirrored in Arabic: media controls keep their direction. */}
        <svg viewBox="0 0 24 24" className="ms-1 size-7 fill-current">
          <path d="M7 4.5v15l13-7.5z" />
        </svg>
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/80 to-transparent px-4 pt-8 pb-3 text-start text-base font-semibold">
        {title}
      </span>
    </>
  );
  const className =
    'group relative grid aspect-video w-full place-items-center overflow-hidden rounded-2xl bg-linear-to-br from-zinc-800 to-zinc-950 text-white ring-1 ring-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

  return scripted ? (
    <button
      type="button"
      aria-label={label}
      // Read at the click: the setting may change while the page is open.
      onClick={() => setPlaying(window.matchMedia('(prefers-reduced-motion: reduce)').matches ? (quietEmbed ?? embed) : embed)}
      className={className}
      data-testid="video-poster"
    >
      {face}
    </button>
  ) : (
    <a href={watch} target="_blank" rel="noopener noreferrer" aria-label={label} className={className} data-testid="video-poster">
      {face}
    </a>
  );
}
