/**
 * The entry of marketing.html, a few hundred bytes. The page is complete HTML already: it paints
 * without waiting for any script. Only once it has loaded and painted does this fetch and run the
 * JavaScript that makes it interactive (hydrate.tsx: React, the site's chrome, the page's chunk),
 * so that on a slow network the text never competes with 90 KB of script for bandwidth. A form sent
 * before then is held, not submitted by the browser (early-submit.ts).
 */
import { holdEarlySubmits } from './early-submit.ts';

holdEarlySubmits(document);

const hydrate = () => {
  requestAnimationFrame(() => {
    setTimeout(() => void import('./hydrate.tsx'), 0);
  });
};

if (document.readyState === 'complete') hydrate();
else window.addEventListener('load', hydrate, { once: true });
