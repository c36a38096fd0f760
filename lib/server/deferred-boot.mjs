// Cached pages start their JavaScript after the first contentful paint.
//
// Next puts every script of a page in its HTML as `<script src async>` (React, the router, the
// page's client components: ~120 KB of brotli). The browser fetches them next to the hero image
// and the fonts and runs them as they arrive, so the first frame waits for their download share
// and for React's evaluation on the main thread. None of it is needed to show a page: the server
// HTML is complete (the spinners are CSS, links are plain links). So the cached copy of a page
// lists those scripts in one small inline loader instead, which adds them once the browser has
// reported the first contentful paint (or at once where it cannot: a hidden tab, a browser
// without paint timing; at the latest after LATEST_MS). The price: hydration starts that much
// later, i.e. buttons answer a little later on a slow phone, while the content shows sooner.
// Measured: docs/decisions.md ("Scripts after the first paint").
//
// Only whole, plain tags are moved (`<script src="/_next/static/…" async="">`, as React writes
// them), with the low-priority preloads of the same files. HTML in any other shape is left as it
// is, so a change in Next's markup costs the optimisation, never the page (a test watches it).
// Plain JavaScript for the same reason as page-replay.mjs: the cache handler loads it.

const LATEST_MS = 3000;
const SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g;
const PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[^"<>]+\.js)"\/>/g;

/**
 * Runs in the browser, inlined by its source text: keep it ES5, free of outside names and of
 * comments. The paint entry is delivered once its frame is on screen.
 * @param {string[]} sources
 * @param {number} latestMs
 */
function startAfterFirstPaint(sources, latestMs) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < sources.length; i++) {
      var script = document.createElement('script');
      script.src = sources[i];
      script.async = true;
      document.head.appendChild(script);
    }
  }
  setTimeout(start, latestMs);
  try {
    if (document.visibilityState !== 'visible' || PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) return start();
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
}

/**
 * The page with its Next scripts started by the loader; unchanged when it has none or no `</head>`.
 * @param {string} html
 * @returns {string}
 */
export function deferBootScripts(html) {
  if (!html.includes('</head>')) return html;
  /** @type {string[]} */
  const sources = [];
  let rest = html.replace(SCRIPT, (_, src) => {
    sources.push(src);
    return '';
  });
  if (sources.length === 0) return html;
  rest = rest.replace(PRELOAD, (tag, href) => (sources.includes(href) ? '' : tag));
  // The patterns admit no `<`, `"` or `>` in a source, so the list cannot close the inline script.
  const loader = `<script>(${startAfterFirstPaint})(${JSON.stringify(sources)},${LATEST_MS})</script>`;
  return rest.replace('</head>', `${loader}</head>`);
}
