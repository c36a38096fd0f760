'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TIMINGS } from '@/lib/timings';
import { RoundIconButton } from '@/components/ui/round-icon-button';

/** Up to this many slides get a dot each (one row on a 375 px phone); more get a counter. */
export const MAX_DOTS = 10;

/**
 * Full-screen slider: advances every 5 s, pauses while hovered or focused, can be paused for good,
 * answers the arrow keys (mirrored in Arabic), and does not move by itself under reduced motion.
 * The slide images are rendered on the server (`images`, one per slide); this component only
 * decides which one shows.
 */
export function HeroSlider({ ids, images, children }: { ids: number[]; images: ReactNode[]; children?: ReactNode }) {
  const t = useTranslations('home');
  const rtl = useLocale() === 'ar';
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  // The other slides' photos wait for the page's load event: none is shown for 5 s, and fetching
  // them sooner would compete with the first slide (the largest paint) and the page's scripts.
  // Then only the neighbours of the slide shown are fetched (the next, which the timer shows, and
  // the previous, one arrow away): a visit of a few seconds does not download every slide.
  const [loaded, setLoaded] = useState(false);
  const [fetched, setFetched] = useState<ReadonlySet<number>>(() => new Set([0]));
  const count = ids.length;

  useEffect(() => {
    if (document.readyState === 'complete') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the load state is only known in the browser, after hydration
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a media query is only known in the browser, after hydration
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setStopped(true);
  }, []);

  useEffect(() => {
    if (!loaded) return;
    const wanted = [index, (index + 1) % count, (index - 1 + count) % count];
    // Once fetched, a photo stays in the page, so coming back to it never downloads it again.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- remembers which photos were fetched (grows with each slide shown)
    setFetched((known) => (wanted.every((i) => known.has(i)) ? known : new Set([...known, ...wanted])));
  }, [loaded, index, count]);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (count < 2 || hovered || focused || stopped) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TIMINGS.sliderIntervalMs);
    return () => clearInterval(timer);
  }, [count, hovered, focused, stopped]);

  const onKeyDown = (e: KeyboardEvent) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) go(index + 1);
    else if (e.key === backward) go(index - 1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      aria-roledescription={t('sliderRole')}
      aria-label={t('sliderLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
      // Under the header: 65 px (with its border), 115 px below 1024 px where it carries the search box.
      className="relative h-[calc(100svh-115px)] min-h-[420px] overflow-hidden bg-zinc-900 lg:h-[calc(100svh-65px)]"
      data-testid="hero-slider"
      data-index={index}
    >
      <div aria-live={hovered || focused || stopped ? 'polite' : 'off'}>
        {ids.map((id, i) => (
          <div
            key={id}
            role="group"
            aria-roledescription={t('slideRole')}
            aria-label={t('slideOf', { number: i + 1, count })}
            aria-hidden={i !== index}
            className={`absolute inset-0 transition-opacity duration-700 motion-reduce:transition-none ${i === index ? 'opacity-100' : 'opacity-0'}`}
          >
            {(i === index || fetched.has(i)) && images[i]}
          </div>
        ))}
      </div>
      <div className="absolute inset-0 bg-black/55" aria-hidden="true" />
      <div className="relative z-10 flex h-full flex-col items-center justify-center px-6 text-center text-white">{children}</div>
      {count > 1 && (
        // Lifted above the floating mail button on phones, where the row reaches the screen's edge.
        <div className="absolute inset-x-0 bottom-24 z-20 flex items-center justify-center gap-3 px-4 sm:bottom-6">
          <RoundIconButton
            className="size-10 bg-black/50 hover:bg-black/70"
            label={t('previousSlide')}
            onClick={() => go(index - 1)}
            flip={!rtl}
          >
            <path d="M9 6l6 6-6 6" />
          </RoundIconButton>
          {count > MAX_DOTS ? (
            // Past a row of dots that fits a phone, a counter: 32 dots wrapped onto three lines.
            <p
              className="min-w-16 rounded-full bg-black/50 px-3 py-2 text-center text-sm font-semibold tabular-nums text-white"
              data-testid="slide-counter"
            >
              {t('slideOf', { number: index + 1, count })}
            </p>
          ) : (
            <ul className="flex min-w-0 flex-wrap justify-center gap-1">
              {ids.map((id, i) => (
                <li key={id}>
                  {/* A 24 px target around a small dot (WCAG 2.5.8 target size). */}
                  <button
                    type="button"
                    aria-label={t('goToSlide', { number: i + 1 })}
                    aria-current={i === index}
                    onClick={() => go(i)}
                    className="group grid h-6 min-w-6 place-items-center"
                  >
                    <span
                      aria-hidden="true"
                      className={`block h-3 rounded-full transition-all ${i === index ? 'w-8 bg-brand' : 'w-3 bg-white/70 group-hover:bg-white'}`}
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <RoundIconButton
            className="size-10 bg-black/50 hover:bg-black/70"
            label={t('nextSlide')}
            onClick={() => go(index + 1)}
            flip={rtl}
          >
            <path d="M9 6l6 6-6 6" />
          </RoundIconButton>
          <RoundIconButton
            className="size-10 bg-black/50 hover:bg-black/70"
            label={stopped ? t('play') : t('pause')}
            onClick={() => setStopped((s) => !s)}
            testId="slider-pause"
            pressed={stopped}
          >
            {stopped ? <path d="M8 5v14l11-7z" fill="currentColor" /> : <path d="M8 5v14M16 5v14" />}
          </RoundIconButton>
        </div>
      )}
    </section>
  );
}
