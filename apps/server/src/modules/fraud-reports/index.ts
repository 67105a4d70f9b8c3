// The public face of modules/fraud-reports: whether a payee IBAN is flagged (docs/fraud-reports.md).
export { payeeReportedForFraud } from './flag.ts';
