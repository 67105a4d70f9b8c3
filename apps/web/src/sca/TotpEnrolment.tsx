import { useState } from 'react';
import { Alert, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useConfirmTotp, useEnrolTotp } from '../api/sca.ts';
import { AddFactorButton } from './AddFactorButton.tsx';
import { ProofForm } from './ProofForm.tsx';
import { scaFailure } from './sca-error.ts';
import { confirmEnrolment } from './enrolment-confirmation.tsx';
import { useStrongAuth } from './strong-auth-context.ts';

/** The secret as authenticator apps print it: groups of four. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** « Ajouter une application d’authentification »: QR code and secret, then a first code. */
export function TotpEnrolment({ hasFactor }: { hasFactor: boolean }) {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const enrol = useEnrolTotp();
  const confirm = useConfirmTotp();
  const [done, setDone] = useState(false);
  const enrolment = enrol.data;

  if (!enrolment || done) {
    return (
      <Stack gap="xs">
        {done && (
          <Alert color="green" variant="light" role="status">
            {t('sca.totpAdded')}
          </Alert>
        )}
        <AddFactorButton
          icon={<IconDeviceMobile size={18} aria-hidden />}
          loading={enrol.isPending}
          onClick={() => {
            setDone(false);
            confirm.reset();
            void confirmEnrolment(strongAuth, t, 'totp', hasFactor).then((token) => {
              if (token !== null) enrol.mutate(token);
            });
          }}
        >
          {t('sca.totpAdd')}
        </AddFactorButton>
        {enrol.error && (
          <Alert color="red" variant="light" role="alert">
            {t('errors.generic')}
          </Alert>
        )}
      </Stack>
    );
  }

  const failure = confirm.error ? scaFailure(t, confirm.error) : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="totp-enrolment">
      <Stack gap="md">
        <Text fw={600}>{t('sca.totpTitle')}</Text>
        <Text size="sm">{t('sca.totpScan')}</Text>
        <Group justify="center">
          <Paper p="xs" bg="white" radius="sm" withBorder>
            <QRCodeSVG value={enrolment.uri} size={176} marginSize={1} title={t('sca.totpTitle')} />
          </Paper>
        </Group>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('sca.totpSecret')}
          </Text>
          <Code
            block
            fz="md"
            data-testid="totp-secret"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {groupSecret(enrolment.secret)}
          </Code>
        </Stack>
        <Text size="sm">{t('sca.totpConfirm')}</Text>
        <ProofForm
          methods={['totp']}
          pending={confirm.isPending}
          error={failure && 'message' in failure ? failure.message : null}
          onCode={(code) => confirm.mutate({ code }, { onSuccess: () => setDone(true) })}
          onPasskey={() => undefined}
          secondary={
            <Button variant="subtle" color="gray" onClick={() => enrol.reset()} fullWidth>
              {t('sca.cancel')}
            </Button>
          }
        />
      </Stack>
    </Paper>
  );
}
