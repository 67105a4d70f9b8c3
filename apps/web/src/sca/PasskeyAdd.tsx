import { Alert, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRegisterPasskey } from '../api/sca.ts';
import { AddFactorButton } from './AddFactorButton.tsx';
import { scaFailure } from './sca-error.ts';
import { confirmEnrolment } from './enrolment-confirmation.tsx';
import { useStrongAuth } from './strong-auth-context.ts';

/** « Ajouter une clé d’accès »: the browser creates a passkey for this site, the server checks it. */
export function PasskeyAdd({ hasFactor }: { hasFactor: boolean }) {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const register = useRegisterPasskey();
  const failure = register.error ? scaFailure(t, register.error) : null;
  return (
    <Stack gap="xs">
      <AddFactorButton
        icon={<IconFingerprint size={18} aria-hidden />}
        loading={register.isPending}
        onClick={() =>
          void confirmEnrolment(strongAuth, t, 'passkey', hasFactor).then((scaToken) => {
            if (scaToken !== null) register.mutate({ scaToken });
          })
        }
      >
        {t('sca.passkeyAdd')}
      </AddFactorButton>
      {register.isSuccess && (
        <Alert color="green" variant="light" role="status">
          {t('sca.passkeyAdded')}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure.kind === 'other' ? failure.message : t('sca.passkeyFailed')}
        </Alert>
      )}
    </Stack>
  );
}
