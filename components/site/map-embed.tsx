'use client';

import { useEffect, useRef, useState } from 'react';

/** The map iframe loads only when it scrolls into view: no third-party request on page load. */
export function MapEmbed({ src, title, placeholder }: { src: string; title: string; placeholder: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="h-[500px] overflow-hidden rounded-2xl bg-zinc-200 dark:bg-zinc-800" data-testid="map">
      {visible ? (
        <iframe
          src={src}
          title={title}
          height={500}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="size-full border-0"
        />
      ) : (
        <p className="grid h-full place-items-center text-zinc-700 dark:text-zinc-300">{placeholder}</p>
      )}
    </div>
  );
}
