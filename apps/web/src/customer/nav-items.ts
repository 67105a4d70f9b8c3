import { IconArrowsExchange, IconCreditCard, IconFileDollar, IconHome, IconUser } from '@tabler/icons-react';

/** The five entries of the customer navigation (docs/product/paths.md#signed-in). */
export const NAV_ITEMS = [
  { to: '/', label: 'customer.nav.home', icon: IconHome, end: true },
  { to: '/carte', label: 'customer.nav.card', icon: IconCreditCard, end: false },
  { to: '/virementshome', label: 'customer.nav.transfers', icon: IconArrowsExchange, end: false },
  { to: '/rib', label: 'customer.nav.rib', icon: IconFileDollar, end: false },
  { to: '/profil', label: 'customer.nav.profile', icon: IconUser, end: false },
] as const;

/** Screens opened from « Accueil » that keep it lit: an Espace's page. */
const UNDER_HOME = ['/espaces/'];

/** Whether `pathname` is inside the entry (the dashboard only on `/` itself and the screens under it). */
export const isActiveEntry = (pathname: string, to: string, end: boolean): boolean => {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (to === '/' && UNDER_HOME.some((prefix) => path.startsWith(prefix))) return true;
  return end ? path === to : path === to || path.startsWith(`${to}/`);
};
