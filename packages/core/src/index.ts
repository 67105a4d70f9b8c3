export * from './money.ts';
export * from './iban.ts';
export * from './transaction-number.ts';
export * from './email.ts';
export * from './password.ts';
export * from './payee-name.ts';
export * from './business-days.ts';
export * from './sepa-charset.ts';
