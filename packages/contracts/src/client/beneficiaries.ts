// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const beneficiariesRoutes = {
  getBeneficiaries: { method: 'GET', path: '/api/beneficiaries', auth: 'customer' },
  postBeneficiaries: { method: 'POST', path: '/api/beneficiaries', auth: 'customer' },
  deleteBeneficiariesById: { method: 'DELETE', path: '/api/beneficiaries/:id', auth: 'customer' },
  postPayeeVerification: { method: 'POST', path: '/api/payee-verification', auth: 'customer' },
} as unknown as RouteRefs<typeof contract.beneficiariesRoutes>;
