// Strong customer authentication in the web app: the shared confirmation dialog (other screens call
// `useStrongAuth().confirm(…)` before a protected call), second factors in the profile, the login's
// second step and the invitation to enrol.
export { useStrongAuth, type StrongAuth, type StrongAuthInput } from './strong-auth-context.ts';
export { StrongAuthProvider } from './StrongAuthProvider.tsx';
export { EnrolInvitation } from './EnrolInvitation.tsx';
export { LoginSecondStep } from './LoginSecondStep.tsx';
export { SecuritySection } from './SecuritySection.tsx';
