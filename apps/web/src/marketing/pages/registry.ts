import { createElement, type ComponentType, type ReactElement } from 'react';
import type { PageKey } from '../routes.ts';

/**
 * One chunk per page: a page downloads its own code, not the FAQ's or the conditions' text.
 * hydrate.tsx waits for the page's chunk before hydrating.
 */
const LOADERS: Record<PageKey, () => Promise<ComponentType>> = {
  home: () => import('./HomePage.tsx').then((m) => m.HomePage),
  cartedigital: () => import('./CardPage.tsx').then((m) => m.CardPage),
  virements: () => import('./TransfersPage.tsx').then((m) => m.TransfersPage),
  prelevements: () => import('./DirectDebitsPage.tsx').then((m) => m.DirectDebitsPage),
  compteshome: () => import('./AccountPage.tsx').then((m) => m.AccountPage),
  offre: () => import('./OfferPage.tsx').then((m) => m.OfferPage),
  agregation: () => import('./AggregationPage.tsx').then((m) => m.AggregationPage),
  valeurs: () => import('./ValuesPage.tsx').then((m) => m.ValuesPage),
  blog: () => import('./BlogPage.tsx').then((m) => m.BlogPage),
  faq: () => import('./FaqPage.tsx').then((m) => m.FaqPage),
  temoignagesclient: () => import('./TestimonialsPage.tsx').then((m) => m.TestimonialsPage),
  contact: () => import('./ContactPage.tsx').then((m) => m.ContactPage),
  privacy: () => import('./PrivacyPage.tsx').then((m) => m.PrivacyPage),
};

/** Each loaded page as its component and as the one element that renders it (made once, not per render). */
const loaded = new Map<PageKey, { component: ComponentType; element: ReactElement }>();

/** The page's component, downloading its chunk the first time. */
export async function loadPage(page: PageKey): Promise<ComponentType> {
  const known = loaded.get(page);
  if (known) return known.component;
  const component = await LOADERS[page]();
  loaded.set(page, { component, element: createElement(component) });
  return component;
}

/** The page's element if its chunk is already loaded (synchronous, for hydration and rendering). */
export const loadedPage = (page: PageKey): ReactElement | undefined => loaded.get(page)?.element;
