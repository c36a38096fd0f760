import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferBootScripts } from '@/lib/server/deferred-boot.mjs';

// The shape React and Next 16 give a page: async scripts in the head and the body, a low-priority
// preload, a noModule polyfill and inline flight data.
const PAGE = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  '<link rel="preload" as="image" href="/hero.avif"/>',
  '<script src="/_next/static/chunks/react.js" async=""></script>',
  '<script src="/_next/static/chunks/router.js" async=""></script>',
  '<script>try{}catch(e){}</script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '</head><body><h1>Seven Stars</h1>',
  '<script id="_R_">(globalThis["TURBOPACK"]||[]).push({})</script>',
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
].join('');

const SOURCES = ['/_next/static/chunks/react.js', '/_next/static/chunks/router.js', '/_next/static/chunks/main.js'];

/** Runs the inline loader in a stand-in browser and returns the scripts it added, in order. */
function runLoader(html: string, browser: { visible: boolean; paintTiming: boolean }) {
  const loader = /<script>(\(function startAfterFirstPaint[\s\S]*?)<\/script><\/head>/.exec(html)?.[1];
  if (!loader) throw new Error('no loader before </head>');
  const added: string[] = [];
  const timers: (() => void)[] = [];
  let observer: ((list: { getEntriesByName: (name: string) => unknown[] }, o: { disconnect: () => void }) => void) | null = null;
  class PerformanceObserver {
    static supportedEntryTypes = browser.paintTiming ? ['paint', 'navigation'] : ['navigation'];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  const document = {
    visibilityState: browser.visible ? 'visible' : 'hidden',
    head: { appendChild: (script: { src: string; async: boolean }) => added.push(`${script.src}${script.async ? '' : ' (not async)'}`) },
    createElement: () => ({ src: '', async: false }),
  };
  runInNewContext(loader, { document, PerformanceObserver, setTimeout: (fn: () => void) => timers.push(fn) });
  const paint = (name: string) =>
    observer?.({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect: () => (observer = null) });
  const runTimers = () => timers.splice(0).forEach((fn) => fn());
  return { added, paint, runTimers, timers };
}

describe('cached pages start their scripts after the first paint (lib/server/deferred-boot.mjs)', () => {
  const out = deferBootScripts(PAGE);

  it('takes every async Next script and its preload out of the HTML, and keeps the rest as it was', () => {
    expect(out).not.toMatch(/<script src="[^"]*" async="">/);
    expect(out).not.toContain('rel="preload" as="script"');
    for (const kept of [
      '<link rel="preload" as="image" href="/hero.avif"/>',
      'noModule=""',
      '<script id="_R_">',
      '__next_f',
      '<h1>Seven Stars</h1>',
      'try{}catch(e){}',
    ]) {
      expect(out).toContain(kept);
    }
    expect(out.match(/<script>\(function startAfterFirstPaint/g)).toHaveLength(1);
  });

  it('adds the scripts, async and in page order, only once the first contentful paint is reported', () => {
    const browser = runLoader(out, { visible: true, paintTiming: true });
    browser.paint('first-paint');
    // The latest-start timer is pending, nothing else.
    expect(browser.timers).toHaveLength(1);
    expect(browser.added).toEqual([]);
    browser.paint('first-contentful-paint');
    expect(browser.added).toEqual(SOURCES);
    // The latest-start timer then adds nothing twice.
    browser.runTimers();
    expect(browser.added).toEqual(SOURCES);
  });

  it('starts them at once in a hidden tab or a browser without paint timing, and at the latest by the timer', () => {
    expect(runLoader(out, { visible: false, paintTiming: true }).added).toEqual(SOURCES);
    expect(runLoader(out, { visible: true, paintTiming: false }).added).toEqual(SOURCES);
    const neverPainted = runLoader(out, { visible: true, paintTiming: true });
    expect(neverPainted.added).toEqual([]);
    neverPainted.runTimers();
    expect(neverPainted.added).toEqual(SOURCES);
  });

  it('leaves a page without Next scripts or without a head as it is', () => {
    const plain = '<html><head></head><body><script src="https://example.com/x.js" async=""></script></body></html>';
    expect(deferBootScripts(plain)).toBe(plain);
    const headless = '<body><script src="/_next/static/chunks/a.js" async=""></script></body>';
    expect(deferBootScripts(headless)).toBe(headless);
  });

  it('a script tag in another shape stays where it is (and runs as Next meant)', () => {
    const withNonce = PAGE.replace(
      '<script src="/_next/static/chunks/router.js" async=""></script>',
      '<script src="/_next/static/chunks/router.js" async="" nonce="n"></script>',
    );
    const result = deferBootScripts(withNonce);
    expect(result).toContain('<script src="/_next/static/chunks/router.js" async="" nonce="n"></script>');
    expect(runLoader(result, { visible: false, paintTiming: true }).added).toEqual(SOURCES.filter((src) => !src.endsWith('router.js')));
  });
});
