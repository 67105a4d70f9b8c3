import type { PspRole } from '@comptoir/contracts';

/** The TPP making a call, as its certificate names it. */
export interface TppCaller {
  id: string;
  name: string;
  organisationId: string;
  roles: PspRole[];
}
