import type { PublicInstitution } from '@comptoir/contracts';
import type { PageKey } from './routes.ts';
import { fill, m } from './strings.ts';

export interface PageMeta {
  title: string;
  description: string;
}

/** `<title>` and meta description of a page (docs/product/marketing-site.md: each page its own). */
export function pageMeta(page: PageKey, institution: PublicInstitution): PageMeta {
  const meta = m.meta[page];
  const values = { name: institution.name };
  return { title: fill(meta.title, values), description: fill(meta.description, values) };
}

/** After a client-side navigation: the head says what the pre-rendered page would have said. */
export function applyMeta(doc: Document, path: string, meta: PageMeta): void {
  doc.title = meta.title;
  const set = (selector: string, attribute: string, value: string) =>
    doc.querySelector(selector)?.setAttribute(attribute, value);
  set('meta[name="description"]', 'content', meta.description);
  set('meta[property="og:title"]', 'content', meta.title);
  set('meta[property="og:description"]', 'content', meta.description);
  // Keep the configured public origin the server wrote; change only the path.
  for (const [selector, attribute] of [
    ['link[rel="canonical"]', 'href'],
    ['meta[property="og:url"]', 'content'],
  ] as const) {
    const element = doc.querySelector(selector);
    const current = element?.getAttribute(attribute);
    if (element && current) element.setAttribute(attribute, new URL(path, current).toString());
  }
}
