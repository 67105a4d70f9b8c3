import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import {
  SCA_TOKEN_HEADER,
  type PasskeyAttestation,
  type PasskeyRequestOptions,
  type ScaChallengeRequest,
  type ScaProof,
} from '@comptoir/contracts';
import { scaRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Strong customer authentication: second factors and challenges (`/api/sca/…`). */

const factorsKey = ['sca', 'factors'] as const;

export const useScaFactors = () =>
  useQuery({
    queryKey: factorsKey,
    queryFn: ({ signal }) => apiCall(scaRoutes.getScaFactors, { signal }),
  });

/** After a factor is added or removed: the list and `me.secondFactors` change. */
function useRefreshFactors() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: factorsKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ]);
  };
}

/** The `X-SCA-Token` header, when there is a token. */
const scaHeader = (scaToken: string | undefined): Record<string, string> =>
  scaToken ? { [SCA_TOKEN_HEADER]: scaToken } : {};

/** Starts adding an app; a customer who has a factor already passes the token of a `factor_enrolment` SCA. */
export const useEnrolTotp = () =>
  useMutation({
    mutationFn: (scaToken: string | undefined) =>
      apiCall(scaRoutes.postScaTotpEnroll, { headers: scaHeader(scaToken) }),
  });

export function useConfirmTotp() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: (body: { code: string; name?: string }) => apiCall(scaRoutes.postScaTotpConfirm, { body }),
    onSuccess: refresh,
  });
}

/**
 * Registers a passkey: creation options → the browser's authenticator → the server's check. A
 * customer who has a factor already passes the token of a `factor_enrolment` SCA.
 */
export function useRegisterPasskey() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: async ({ name, scaToken }: { name?: string; scaToken?: string | undefined }) => {
      const options = await apiCall(scaRoutes.postScaPasskeysRegistrationOptions, {
        headers: scaHeader(scaToken),
      });
      const credential = await startRegistration({
        optionsJSON: options,
      });
      return apiCall(scaRoutes.postScaPasskeys, {
        body: { ...(name ? { name } : {}), credential: credential as PasskeyAttestation },
      });
    },
    onSuccess: refresh,
  });
}

export function useRenameFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiCall(scaRoutes.patchScaFactorsById, { params: { id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}

export function useRemoveFactor() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: ({ id, scaToken }: { id: string; scaToken: string }) =>
      apiCall(scaRoutes.deleteScaFactorsById, { params: { id }, headers: scaHeader(scaToken) }),
    onSuccess: refresh,
  });
}

export const createChallenge = (request: ScaChallengeRequest) =>
  apiCall(scaRoutes.postScaChallenges, { body: request });

export const verifyChallenge = (id: string, proof: ScaProof) =>
  apiCall(scaRoutes.postScaChallengesByIdVerify, { params: { id }, body: proof });

/** Asks the browser's authenticator to sign the given WebAuthn challenge. */
export async function passkeyProof(options: PasskeyRequestOptions): Promise<ScaProof> {
  const assertion = await startAuthentication({
    optionsJSON: options,
  });
  return { passkey: assertion as Extract<ScaProof, { passkey: unknown }>['passkey'] };
}
