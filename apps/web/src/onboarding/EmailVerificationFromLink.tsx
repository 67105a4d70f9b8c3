import { useEffect, useRef } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { onboardingKeys, useVerifyEmailToken } from '../api/onboarding.ts';
import { queryKeys } from '../api/query-keys.ts';

/**
 * `/check-your-mailbox?token=…`: the link of the verification mail confirms the address. Opened
 * in the browser that submitted the application, the server also opens the applicant's first
 * session and the router shows /wait-for-activation; elsewhere (another device), the wait screen
 * shows signed out with « Se connecter ».
 */
export function EmailVerificationFromLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyEmailToken();
  const { mutate } = verify;
  const sentFor = useRef<string | null>(null);
  const { t } = useTranslation();

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, {
      onSuccess: ({ signedIn }) => {
        queryClient.setQueryData(onboardingKeys.emailJustVerified, true);
        // Signed in: the router itself moves to /wait-for-activation once `me` says pending_review.
        if (signedIn) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        else void navigate('/wait-for-activation', { replace: true });
      },
    });
  }, [token, mutate, navigate, queryClient]);

  if (verify.isError) {
    return (
      <Alert color="red" variant="light" role="alert" w="100%">
        {isApiError(verify.error) &&
        verify.error.code !== 'invalid_token' &&
        verify.error.code !== 'validation_failed'
          ? t('common.errorWithDetail', { detail: verify.error.detail })
          : t('mailbox.linkInvalid')}
      </Alert>
    );
  }
  return (
    <Center role="status">
      <Loader size="sm" aria-label={t('mailbox.verifying')} />
    </Center>
  );
}
