import './copy.ts';

export { CheckYourMailboxPage } from './CheckYourMailboxPage.tsx';
export { WaitForActivationPage } from './WaitForActivationPage.tsx';
export { Inscription1Page } from './Inscription1Page.tsx';
export { Inscription2Page } from './Inscription2Page.tsx';
export { Inscription3Page } from './Inscription3Page.tsx';
export { Inscription4Page } from './Inscription4Page.tsx';
export { Inscription5Page } from './Inscription5Page.tsx';
export { Inscription6Page } from './Inscription6Page.tsx';
export { IdCardPage, PassportPage, ProofOfAddressPage, SelfiePage } from './DocumentStepPage.tsx';
