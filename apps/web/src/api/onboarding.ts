import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OnboardingCorrections,
  OnboardingDocument,
  OnboardingStartRequest,
  OnboardingState,
  OnboardingStatusResponse,
  OnboardingSubmitRequest,
  OnboardingSubmitResponse,
  OnboardingUpdateRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
  type DocumentKind,
} from '@comptoir/contracts';
import { api } from './client.ts';
import { isApiError } from './api-error.ts';
import { uploadFile, type UploadProgress } from './onboarding-upload.ts';
import { queryKeys } from './query-keys.ts';

export const onboardingKeys = {
  state: ['onboarding', 'state'] as const,
  corrections: ['onboarding', 'corrections'] as const,
  /** UI memory only: this browser just confirmed the e-mail (the wait screen says so once). */
  emailJustVerified: ['onboarding', 'email-just-verified'] as const,
};

/** `GET /api/onboarding`: the application behind the HttpOnly cookie; `null` when there is none (404). */
export async function fetchOnboardingState(signal?: AbortSignal): Promise<OnboardingState | null> {
  try {
    return await api.get('/api/onboarding', OnboardingState, signal);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}

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
      api.post('/api/onboarding', OnboardingStartRequest.parse(body), OnboardingState),
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

/** Steps 3 and 5: e-mail, then document country and type. */
export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingUpdateRequest) =>
      api.patch('/api/onboarding', OnboardingUpdateRequest.parse(body), OnboardingState),
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

/** One document, with upload progress. */
export const uploadDocument = (
  kind: DocumentKind,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
) => uploadFile('/api/onboarding/documents', { kind }, file, OnboardingDocument, options);

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
      api.post('/api/onboarding/submit', OnboardingSubmitRequest.parse(body), OnboardingSubmitResponse),
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
    queryFn: ({ signal }) => api.get('/api/onboarding/corrections', OnboardingCorrections, signal),
    enabled,
    refetchOnWindowFocus: false,
  });

/** The requested documents are uploaded again: back to review. */
export function useSubmitCorrections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/onboarding/corrections/submit', {}, OnboardingStatusResponse),
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
      api.post('/api/auth/verify-email', VerifyEmailRequest.parse({ token }), VerifyEmailResponse),
  });
