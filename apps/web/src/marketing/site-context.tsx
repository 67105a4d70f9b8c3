import { createContext, useContext, type ReactNode } from 'react';
import type { PublicInstitution } from '@comptoir/contracts';

/** How a marketing page moves to another page: the standalone site or the app's router. */
export interface Navigation {
  /** The current path, as in the address bar. */
  path: string;
  /** True when `navigate(to)` can show `to` without loading a new document. */
  handles(to: string): boolean;
  navigate(to: string): void;
}

interface Site {
  institution: PublicInstitution;
  navigation: Navigation;
  /** A signed-in customer reads the page inside their area: no call to open an account. */
  signedIn?: boolean;
}

const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ value, children }: { value: Site; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('marketing components need a <SiteProvider>');
  return site;
}

export const useInstitution = (): PublicInstitution => useSite().institution;
export const useNavigation = (): Navigation => useSite().navigation;
export const useSignedIn = (): boolean => useSite().signedIn ?? false;

/** The values copy placeholders may use: `{name}`, `{legalName}`, `{supportEmail}`… */
export function institutionValues(i: PublicInstitution): Record<string, string> {
  return {
    name: i.name,
    legalName: i.legalName,
    street: i.address.street,
    postalCode: i.address.postalCode,
    city: i.address.city,
    country: i.address.country,
    address: `${i.address.street}, ${i.address.postalCode} ${i.address.city}, ${i.address.country}`,
    supportEmail: i.emails.support,
    fraudEmail: i.emails.fraud,
    phone: i.phone,
    /** How long an instant transfer waits for the payee's bank (the server's rail timeout). */
    instantTimeout: String(i.instantTransferTimeoutSeconds),
  };
}
