'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

/**
 * The bottom band of the screen the floating WhatsApp and mail buttons sit in: their offset
 * (bottom-5, 20 px) and size (size-14, 56 px) with a finger's margin above.
 */
const BAND_PX = 96;
const MARK = 'data-floating-clear';
const HIDDEN = 'data-floating-hidden';

/**
 * Steps the floating buttons aside while something that must stay tappable (a pager, the quote
 * form's boxes, anything marked `data-floating-clear`) passes through their band at the bottom of
 * the screen: on a 375 px phone they sat over the pager and the services' checkboxes, and a tap
 * meant for a box opened WhatsApp. Without scripts the buttons simply stay (the footer keeps room).
 */
export function FloatingClearance() {
  const pathname = usePathname();
  useEffect(() => {
    const root = document.documentElement;
    const inBand = new Set<Element>();
    let observer: IntersectionObserver | undefined;
    const observe = () => {
      observer?.disconnect();
      inBand.clear();
      root.removeAttribute(HIDDEN);
      // The band only: the screen's height less the band, cut off the top of the viewport.
      const top = Math.max(0, window.innerHeight - BAND_PX);
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) inBand.add(entry.target);
            else inBand.delete(entry.target);
          }
          root.toggleAttribute(HIDDEN, inBand.size > 0);
        },
        { rootMargin: `-${top}px 0px 0px 0px` },
      );
      for (const element of document.querySelectorAll(`[${MARK}]`)) observer.observe(element);
    };
    observe();
    // A search redraws the list (and its pager) without a new address; a turned phone moves the band.
    let frame = 0;
    const again = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(observe);
    };
    const main = document.getElementById('main');
    const mutations = new MutationObserver(again);
    if (main) mutations.observe(main, { childList: true, subtree: true });
    window.addEventListener('resize', again);
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      observer?.disconnect();
      window.removeEventListener('resize', again);
      root.removeAttribute(HIDDEN);
    };
  }, [pathname]);
  return null;
}
