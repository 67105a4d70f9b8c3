import { useEffect, useRef } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { onboardingKeys, useVerifyEmailToken } from '../api/onboarding.ts';
import { queryKeys } from '../api/query-keys.ts';

/**
 * `/check-your-mailbox?token=…`: the link of the verification mail confirms the address, then
 * the journey moves on to /wait-for-activation (signed in or not: the token alone is enough).
 */
export function EmailVerificationFromLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyEmailToken();
  const { mutate } = verify;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, {
      onSuccess: ({ status }) => {
        // The applicant of this browser is the one who just verified: switch the routes at once
        // (to the wait screen), then ask the server for the whole truth.
        queryClient.setQueryData(onboardingKeys.emailJustVerified, true);
        void navigate('/wait-for-activation', { replace: true });
        const me = queryClient.getQueryData<Me | null>(queryKeys.me);
        if (me?.status === 'pending_email') queryClient.setQueryData<Me>(queryKeys.me, { ...me, status });
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
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
