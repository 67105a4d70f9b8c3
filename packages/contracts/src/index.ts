export * from './problem.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './accounts.ts';
export * from './backoffice.ts';
export * from './institution.ts';
export * from './contact.ts';
export * from './onboarding.ts';
