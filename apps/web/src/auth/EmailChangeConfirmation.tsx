import { useEffect, useRef } from 'react';
import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/api-error.ts';
import { useConfirmEmailChange } from '../api/session.ts';

/** Opened from the e-mail-change mail (`/update-user?emailToken=…`), signed in or not. */
export function EmailChangeConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return; // once per token, even under StrictMode
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isSuccess) {
    return (
      <Alert color="teal" variant="light" role="status">
        {t('updateUser.emailConfirmed')}
      </Alert>
    );
  }
  if (confirm.isError) {
    const invalid =
      isApiError(confirm.error) &&
      (confirm.error.code === 'invalid_token' || confirm.error.code === 'validation_failed');
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {invalid
              ? t('updateUser.emailLinkInvalid')
              : t('common.errorWithDetail', {
                  detail: isApiError(confirm.error) ? confirm.error.detail : t('errors.generic'),
                })}
          </Text>
          <Anchor component={Link} to="/" size="sm">
            {t('common.backHome')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Center py="md" role="status">
      <Loader size="sm" aria-label={t('updateUser.emailConfirming')} />
    </Center>
  );
}
