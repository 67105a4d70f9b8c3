import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import {
  PasskeyCreationOptions,
  ScaChallenge,
  ScaFactor,
  ScaFactorList,
  ScaVerification,
  SCA_TOKEN_HEADER,
  TotpEnrolment,
  type PasskeyAttestation,
  type PasskeyRequestOptions,
  type ScaChallengeRequest,
  type ScaProof,
} from '@comptoir/contracts';
import { api, apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** Strong customer authentication: second factors and challenges (`/api/sca/…`). */

const factorsKey = ['sca', 'factors'] as const;

export const useScaFactors = () =>
  useQuery({
    queryKey: factorsKey,
    queryFn: ({ signal }) => api.get('/api/sca/factors', ScaFactorList, signal),
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
      apiRequest('POST', '/api/sca/totp/enroll', { schema: TotpEnrolment, headers: scaHeader(scaToken) }),
  });

export function useConfirmTotp() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: (body: { code: string; name?: string }) => api.post('/api/sca/totp/confirm', body, ScaFactor),
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
      const options = await apiRequest('POST', '/api/sca/passkeys/registration-options', {
        schema: PasskeyCreationOptions,
        headers: scaHeader(scaToken),
      });
      const credential = await startRegistration({
        optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      return api.post(
        '/api/sca/passkeys',
        { ...(name ? { name } : {}), credential: credential as PasskeyAttestation },
        ScaFactor,
      );
    },
    onSuccess: refresh,
  });
}

export function useRenameFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch(`/api/sca/factors/${encodeURIComponent(id)}`, { name }, ScaFactor),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}

export function useRemoveFactor() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: ({ id, scaToken }: { id: string; scaToken: string }) =>
      api.delete(`/api/sca/factors/${encodeURIComponent(id)}`, scaHeader(scaToken)),
    onSuccess: refresh,
  });
}

export const createChallenge = (request: ScaChallengeRequest) =>
  api.post('/api/sca/challenges', request, ScaChallenge);

export const verifyChallenge = (id: string, proof: ScaProof) =>
  api.post(`/api/sca/challenges/${encodeURIComponent(id)}/verify`, proof, ScaVerification);

/** Asks the browser's authenticator to sign the given WebAuthn challenge. */
export async function passkeyProof(options: PasskeyRequestOptions): Promise<ScaProof> {
  const assertion = await startAuthentication({
    optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return { passkey: assertion as Extract<ScaProof, { passkey: unknown }>['passkey'] };
}
