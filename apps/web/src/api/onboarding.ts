import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OnboardingStartRequest,
  OnboardingSubmitRequest,
  OnboardingUpdateRequest,
  VerifyEmailRequest,
  type DocumentKind,
  type OnboardingState,
} from '@comptoir/contracts';
import { onboardingRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';
import { uploadFile, type UploadProgress } from './onboarding-upload.ts';
import { queryKeys } from './query-keys.ts';

export const onboardingKeys = {
  state: ['onboarding', 'state'] as const,
  corrections: ['onboarding', 'corrections'] as const,
  /** UI memory only: this browser just confirmed the e-mail (the wait screen says so once). */
  emailJustVerified: ['onboarding', 'email-just-verified'] as const,
};

/** `GET /api/onboarding`: the application behind the HttpOnly cookie; `null` when there is none. */
export const fetchOnboardingState = (signal?: AbortSignal): Promise<OnboardingState | null> =>
  apiCall(onboardingRoutes.getOnboarding, { signal });

export const useOnboardingState = () =>
  useQuery({
    queryKey: onboardingKeys.state,
    queryFn: ({ signal }) => fetchOnboardingState(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

/** Step 1: starts the application (the server sets its cookie), or updates its step 1. */
export function useStartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingStartRequest) =>
      apiCall(onboardingRoutes.postOnboarding, { body: OnboardingStartRequest.parse(body) }),
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

/** Steps 3 and 5: e-mail, then document country and type. */
export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingUpdateRequest) =>
      apiCall(onboardingRoutes.patchOnboarding, { body: OnboardingUpdateRequest.parse(body) }),
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

/** One document, with upload progress. */
export const uploadDocument = (
  kind: DocumentKind,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
) => uploadFile(onboardingRoutes.postOnboardingDocuments, {}, { kind }, file, options);

const SUBMITTED_EMAIL_KEY = 'comptoir.submittedEmail';

/** The masked address the last submit of this tab went to (kept across a reload of the tab). */
export function submittedEmail(): string | null {
  try {
    return sessionStorage.getItem(SUBMITTED_EMAIL_KEY);
  } catch {
    return null;
  }
}

/**
 * Step 6: creates the customer (status `pending_email`) and mails the link. No session opens (an
 * address that already had an account must look the same): /check-your-mailbox shows the masked
 * address and resends through the application cookie; the link opens the first session.
 */
export function useSubmitOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingSubmitRequest) =>
      apiCall(onboardingRoutes.postOnboardingSubmit, { body: OnboardingSubmitRequest.parse(body) }),
    onSuccess: ({ emailMasked }) => {
      queryClient.removeQueries({ queryKey: onboardingKeys.state });
      try {
        sessionStorage.setItem(SUBMITTED_EMAIL_KEY, emailMasked);
      } catch {
        // Storage refused (private mode): the page then says « par e-mail » without the address.
      }
    },
  });
}

/** What the operator asked to correct (customer session, status `corrections_requested`). */
export const useCorrections = (enabled: boolean) =>
  useQuery({
    queryKey: onboardingKeys.corrections,
    queryFn: ({ signal }) => apiCall(onboardingRoutes.getOnboardingCorrections, { signal }),
    enabled,
    refetchOnWindowFocus: false,
  });

/** The requested documents are uploaded again: back to review. */
export function useSubmitCorrections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(onboardingRoutes.postOnboardingCorrectionsSubmit),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: onboardingKeys.corrections });
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** `POST /api/auth/verify-email {token}`: the link of the verification mail (no session needed). */
export const useVerifyEmailToken = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiCall(onboardingRoutes.postAuthVerifyEmail, { body: VerifyEmailRequest.parse({ token }) }),
  });
