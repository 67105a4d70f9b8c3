/**
 * The signed-out marketing pages (docs/product/paths.md). Tiny on purpose: the app shell imports it to know
 * which paths are marketing, and the pre-render writes one HTML file per entry.
 */
export type PageKey =
  | 'home'
  | 'cartedigital'
  | 'virements'
  | 'prelevements'
  | 'compteshome'
  | 'offre'
  | 'agregation'
  | 'valeurs'
  | 'blog'
  | 'faq'
  | 'temoignagesclient'
  | 'contact'
  | 'privacy';

export interface MarketingRoute {
  /** Canonical (lower-case) path. */
  path: string;
  page: PageKey;
}

export const MARKETING_ROUTES: readonly MarketingRoute[] = [
  { path: '/', page: 'home' },
  { path: '/cartedigital', page: 'cartedigital' },
  { path: '/virements', page: 'virements' },
  { path: '/prelevements', page: 'prelevements' },
  { path: '/compteshome', page: 'compteshome' },
  { path: '/offre', page: 'offre' },
  { path: '/agregation', page: 'agregation' },
  { path: '/valeurs', page: 'valeurs' },
  { path: '/blog', page: 'blog' },
  { path: '/faq', page: 'faq' },
  { path: '/temoignagesclient', page: 'temoignagesclient' },
  { path: '/contact', page: 'contact' },
  { path: '/politiques-de-confidentialite', page: 'privacy' },
];

/** Where every « Ouvrir mon compte » leads, and the sign-in page: both belong to the app. */
export const SIGN_UP_PATH = '/inscription1';
export const SIGN_IN_PATH = '/connexion';

const HOME = MARKETING_ROUTES[0] as MarketingRoute;
const byPath = new Map(MARKETING_ROUTES.map((r) => [r.path, r]));

/** `/FAQ/` → `/faq`: paths are case-insensitive (docs/product/paths.md) and a trailing slash changes nothing. */
export const normalisePath = (pathname: string): string => pathname.toLowerCase().replace(/\/+$/, '') || '/';

/** The marketing route of a path, or null when the path is not a marketing page. */
export const marketingRoute = (pathname: string): MarketingRoute | null =>
  byPath.get(normalisePath(pathname)) ?? null;

/** The page a signed-out visitor sees: unknown paths show home (docs/product/paths.md#signed-out). */
export const routeOrHome = (pathname: string): MarketingRoute => marketingRoute(pathname) ?? HOME;

export const pathOf = (page: PageKey): string => MARKETING_ROUTES.find((r) => r.page === page)?.path ?? '/';
