'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { TIMINGS } from '@/lib/timings';

/**
 * Client logos moving one step every 2 s, in the reading direction; still under reduced motion.
 * The logos are rendered on the server; the loop shows them twice to be endless, the second pass
 * hidden from assistive technology (the same nodes: a second copy would double their share of the
 * page's payload). It only moves while some of it is on screen: below
 * the full-screen hero, it would otherwise spend frames on a strip nobody sees, and the visitor
 * who scrolls down meets the list from its start.
 */
export function ClientCarousel({ ids, logos }: { ids: number[]; logos: ReactNode[] }) {
  const t = useTranslations('home');
  const rtl = useLocale() === 'ar';
  const box = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState(0);
  const [paused, setPaused] = useState(false);
  // Moving content needs a way to stop it for good (WCAG 2.2.2): hover and focus only hold it.
  const [stopped, setStopped] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const [animate, setAnimate] = useState(true);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = ids.length;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- a media query is only known in the browser, after hydration
  useEffect(() => setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches), []);
  const running = count > 1 && !paused && !stopped && onScreen && !reducedMotion;

  // A layout effect: the timer starts in the same commit that writes data-running, so no one
  // (a test with a fake clock included) can see "running" before the clock is ticking.
  useLayoutEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setAnimate(true);
      setStep((s) => s + 1);
    }, TIMINGS.clientCarouselMs);
    return () => clearInterval(timer);
  }, [running]);

  // After passing the first copy of the list, jump back without animation: an endless loop.
  useEffect(() => {
    if (step < count) return;
    const timer = setTimeout(() => {
      setAnimate(false);
      setStep(0);
    }, 600);
    return () => clearTimeout(timer);
  }, [step, count]);

  const loop = [...ids, ...ids];
  const shift = `calc(${step} * var(--logo-width) * ${rtl ? 1 : -1})`;
  return (
    <>
      <div
        ref={box}
        className="overflow-hidden [--logo-width:50%] sm:[--logo-width:33.333%] lg:[--logo-width:20%]"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        data-testid="client-carousel"
        data-step={step}
        data-running={running}
      >
        <ul className={`flex ${animate ? 'transition-transform duration-500 ease-out' : ''}`} style={{ transform: `translateX(${shift})` }}>
          {loop.map((id, i) => (
            <li key={`${id}-${i}`} className="w-[var(--logo-width)] shrink-0 px-3" aria-hidden={i >= count}>
              <div className="grid h-28 place-items-center rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 dark:ring-zinc-800">
                {logos[i % count]}
              </div>
            </li>
          ))}
        </ul>
      </div>
      {count > 1 && (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            onClick={() => setStopped((s) => !s)}
            data-testid="carousel-pause"
            className="inline-flex min-h-10 items-center gap-2 rounded-full border border-zinc-300 px-4 text-sm font-semibold hover:border-brand dark:border-zinc-700"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current" strokeWidth="2.5">
              {stopped ? <path d="M8 5v14l11-7z" fill="currentColor" /> : <path d="M8 5v14M16 5v14" />}
            </svg>
            {stopped ? t('playLogos') : t('pauseLogos')}
          </button>
        </div>
      )}
    </>
  );
}
