import { createContext, useContext } from 'react';
import type { ScaAction, ScaChallengeRequest } from '@comptoir/contracts';

export interface StrongAuthInput {
  action: ScaAction;
  details: ScaChallengeRequest['details'];
  /** The dialog's title, e.g. « Confirmer le virement ». */
  title: string;
  /** What the customer approves (amount and payee…), shown before the code or passkey. */
  summary: React.ReactNode;
}

export interface StrongAuth {
  /**
   * Opens the dialog: shows `summary` (e.g. amount and payee) first, then asks for the code or the
   * passkey; resolves with the single-use token, or null if the customer cancels.
   */
  confirm(input: StrongAuthInput): Promise<string | null>;
}

export const StrongAuthContext = createContext<StrongAuth | null>(null);

/** The shared SCA confirmation dialog; needs `StrongAuthProvider` above (mounted in CustomerLayout). */
export function useStrongAuth(): StrongAuth {
  const value = useContext(StrongAuthContext);
  if (!value) throw new Error('useStrongAuth needs a StrongAuthProvider above it');
  return value;
}
