/**
 * The entry of marketing.html, about 2 KB. The page is complete HTML already: it paints
 * without waiting for any script. Only once it has loaded and painted does this fetch and run the
 * JavaScript that makes it interactive (hydrate.tsx: Preact, the site's chrome, the page's chunk),
 * so that on a slow network the text never competes with the script for bandwidth or the main
 * thread. A form sent before then is held, not submitted by the browser (early-submit.ts).
 */
import { holdEarlySubmits } from './early-submit.ts';

holdEarlySubmits(document);

const hydrate = () => {
  requestAnimationFrame(() => {
    setTimeout(() => void import('./hydrate.tsx'), 0);
  });
};

/** Runs `then` once the browser has painted the page's first content (at once where it cannot tell). */
const afterFirstPaint = (then: () => void) => {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    then();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
};

const start = () => afterFirstPaint(hydrate);
if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
