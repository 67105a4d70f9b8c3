import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Beneficiary,
  BeneficiaryList,
  PayeeVerification,
  SCA_TOKEN_HEADER,
  type CreateBeneficiaryRequest,
  type PayeeVerificationRequest,
} from '@comptoir/contracts';
import { apiRequest, api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The signed-in customer's beneficiaries, newest first. */
export const useBeneficiaries = () =>
  useQuery({
    queryKey: queryKeys.beneficiaries,
    queryFn: ({ signal }) => api.get('/api/beneficiaries', BeneficiaryList, signal),
  });

/** Verification of Payee: does the name match the IBAN's holder? (Limited per customer by the server.) */
export const verifyPayee = (request: PayeeVerificationRequest): Promise<PayeeVerification> =>
  api.post('/api/payee-verification', request, PayeeVerification);

/** Adds a beneficiary with the strong-authentication token obtained for its IBAN. */
export function useAddBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, scaToken }: { request: CreateBeneficiaryRequest; scaToken: string }) =>
      apiRequest('POST', '/api/beneficiaries', {
        body: request,
        schema: Beneficiary,
        headers: { [SCA_TOKEN_HEADER]: scaToken },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}

export function useDeleteBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/beneficiaries/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
