// The public face of modules/beneficiaries: what other modules and the application's wiring may use.
export { type BeneficiaryRow, recordCheckedBeneficiary } from './record-service.ts';
export { verifyPayee } from './payee-verification-service.ts';
