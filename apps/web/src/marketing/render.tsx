import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicInstitution } from '@comptoir/contracts';
import { pageMeta } from './meta.ts';
import { MARKETING_ROUTES, type PageKey } from './routes.ts';
import { MarketingApp } from './MarketingApp.tsx';
import { loadPage } from './pages/registry.ts';

/**
 * The server-side entry (built with `vite build --ssr`): renders every marketing page to complete
 * HTML, readable without JavaScript, that the client entry then hydrates. Used at build time by
 * scripts/prerender-marketing.ts, and by the server at start-up when its institution profile is not
 * the one the build used.
 */

/** Placeholders of marketing.html (the client build keeps HTML comments). */
export const HEAD_SLOT = '<!--marketing-head-->';
export const APP_SLOT = '<!--marketing-app-->';

export interface RenderOptions {
  /** marketing.html as the client build wrote it (script and style tags already in). */
  template: string;
  institution: PublicInstitution;
  /** Public origin for canonical and Open Graph URLs, e.g. `https://banque.example`. */
  origin: string;
}

export interface RenderedPage {
  path: string;
  page: PageKey;
  /** File name under dist/prerendered. */
  file: string;
  title: string;
  html: string;
}

const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export const fileOf = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

export async function renderMarketingPages({
  template,
  institution,
  origin,
}: RenderOptions): Promise<RenderedPage[]> {
  if (!template.includes(HEAD_SLOT) || !template.includes(APP_SLOT)) {
    throw new Error('marketing.html lost its <!--marketing-head--> or <!--marketing-app--> slot');
  }
  await Promise.all(MARKETING_ROUTES.map(({ page }) => loadPage(page)));
  return MARKETING_ROUTES.map(({ path, page }) => {
    const meta = pageMeta(page, institution);
    const url = `${origin}${path}`;
    const head = [
      `<title>${escapeHtml(meta.title)}</title>`,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:locale" content="fr_FR" />`,
      `<meta property="og:site_name" content="${escapeHtml(institution.name)}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:image" content="${escapeHtml(`${origin}/og-image.jpg`)}" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta property="og:image:alt" content="${escapeHtml(institution.name)}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
    ].join('\n    ');
    const app = renderToString(
      <StrictMode>
        <MarketingApp institution={institution} initialPath={path} />
      </StrictMode>,
    );
    return {
      path,
      page,
      file: fileOf(path),
      title: meta.title,
      html: template.replace(HEAD_SLOT, () => head).replace(APP_SLOT, () => app),
    };
  });
}
