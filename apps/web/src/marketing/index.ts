// What the app (SPA) takes from the marketing area: the same pages, inside its router.
export { MarketingLayout, MarketingPage, HomePage } from './SpaSite.tsx';
export { InAppMarketingPage } from './InAppPage.tsx';
