export * from './money.ts';
export * from './iban.ts';
export * from './email.ts';
export * from './password.ts';
export * from './payee-name.ts';
