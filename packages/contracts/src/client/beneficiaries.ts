// Written by `npm run generate:client-table` from the route table and the error catalogue
// (packages/contracts/src/client-table.ts): do not edit.
import type * as contract from '../index.ts';
import type { RouteRefs } from '../routes/paths.ts';

export const beneficiariesRoutes = {
  getBeneficiaries: { method: 'GET', path: '/api/beneficiaries' },
  postBeneficiaries: { method: 'POST', path: '/api/beneficiaries' },
  deleteBeneficiariesById: { method: 'DELETE', path: '/api/beneficiaries/:id' },
  postPayeeVerification: { method: 'POST', path: '/api/payee-verification' },
} as unknown as RouteRefs<typeof contract.beneficiariesRoutes>;
