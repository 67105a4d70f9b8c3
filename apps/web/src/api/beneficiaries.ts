import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SCA_TOKEN_HEADER,
  type CreateBeneficiaryRequest,
  type PayeeVerification,
  type PayeeVerificationRequest,
} from '@comptoir/contracts';
import { beneficiariesRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** The signed-in customer's beneficiaries, newest first. */
export const useBeneficiaries = () =>
  useQuery({
    queryKey: queryKeys.beneficiaries,
    queryFn: ({ signal }) => apiCall(beneficiariesRoutes.getBeneficiaries, { signal }),
  });

/** Verification of Payee: does the name match the IBAN's holder? (Limited per customer by the server.) */
export const verifyPayee = (request: PayeeVerificationRequest): Promise<PayeeVerification> =>
  apiCall(beneficiariesRoutes.postPayeeVerification, { body: request });

/** Adds a beneficiary with the strong-authentication token obtained for its IBAN. */
export function useAddBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, scaToken }: { request: CreateBeneficiaryRequest; scaToken: string }) =>
      apiCall(beneficiariesRoutes.postBeneficiaries, {
        body: request,
        headers: { [SCA_TOKEN_HEADER]: scaToken },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}

export function useDeleteBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(beneficiariesRoutes.deleteBeneficiariesById, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries }),
  });
}
