// Strong customer authentication in the web app: the shared confirmation dialog (other screens call
// `useStrongAuth().confirm(…)` before a protected call), second factors in the profile, the login's
// second step and the invitation to enrol.
import { lazy } from 'react';

export { useStrongAuth, type StrongAuth, type StrongAuthInput } from './strong-auth-context.ts';
export { StrongAuthProvider } from './StrongAuthProvider.tsx';
export { EnrolInvitation } from './EnrolInvitation.tsx';
export { DecisionBar } from './DecisionBar.tsx';

// The login's second step and the profile's « Sécurité » (authenticator apps, passkeys) are chunks
// of their own: the customer area's shell, which needs only the provider and the invitation, does
// not carry them.
export const LoginSecondStep = lazy(() =>
  import('./LoginSecondStep.tsx').then((m) => ({ default: m.LoginSecondStep })),
);
export const SecuritySection = lazy(() =>
  import('./SecuritySection.tsx').then((m) => ({ default: m.SecuritySection })),
);
