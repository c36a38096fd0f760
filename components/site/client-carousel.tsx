'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { TIMINGS } from '@/lib/timings';

/**
 * Client logos moving one step every 2 s, in the reading direction; still under reduced motion.
 * The logos are rendered on the server: `logos` for the list, `copies` (no alt text) for the
 * second pass that makes the loop endless.
 */
export function ClientCarousel({ ids, logos, copies }: { ids: number[]; logos: ReactNode[]; copies: ReactNode[] }) {
  const rtl = useLocale() === 'ar';
  const [step, setStep] = useState(0);
  const [paused, setPaused] = useState(false);
  const [animate, setAnimate] = useState(true);
  const count = ids.length;

  useEffect(() => {
    if (count < 2 || paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      setAnimate(true);
      setStep((s) => s + 1);
    }, TIMINGS.clientCarouselMs);
    return () => clearInterval(timer);
  }, [count, paused]);

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
    <div
      className="overflow-hidden [--logo-width:50%] sm:[--logo-width:33.333%] lg:[--logo-width:20%]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="client-carousel"
    >
      <ul className={`flex ${animate ? 'transition-transform duration-500 ease-out' : ''}`} style={{ transform: `translateX(${shift})` }}>
        {loop.map((id, i) => (
          <li key={`${id}-${i}`} className="w-[var(--logo-width)] shrink-0 px-3" aria-hidden={i >= count}>
            <div className="grid h-28 place-items-center rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 dark:ring-zinc-800">{i < count ? logos[i] : copies[i - count]}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}
