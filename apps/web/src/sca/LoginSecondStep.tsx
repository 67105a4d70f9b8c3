import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { LoginSecondFactor, ScaProof } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passkeyProof } from '../api/sca.ts';
import { useLoginSecondFactor } from '../api/session.ts';
import { ProofForm } from './ProofForm.tsx';
import { scaFailure } from './sca-error.ts';
import { useState } from 'react';

interface LoginSecondStepProps {
  secondFactor: LoginSecondFactor;
  onBack: () => void;
  /** Where the app goes once signed in (the dashboard unless the sign-in came from another page). */
  then?: string;
}

/** After a right password, for a customer with a second factor: the code or the passkey. */
export function LoginSecondStep({ secondFactor, onBack, then = '/' }: LoginSecondStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const step = useLoginSecondFactor();
  const [passkeyError, setPasskeyError] = useState<unknown>(null);
  const error = passkeyError ?? step.error;
  const failure = error ? scaFailure(t, error) : null;
  const message =
    failure === null
      ? null
      : failure.kind === 'expired' || failure.kind === 'enrolment'
        ? t('sca.expired')
        : failure.message;

  const send = (proof: ScaProof) => {
    setPasskeyError(null);
    step.mutate(proof, { onSuccess: () => void navigate(then, { replace: true }) });
  };
  const tryPasskey = () => {
    const options = secondFactor.passkey;
    if (!options) return;
    setPasskeyError(null);
    passkeyProof(options).then(send, setPasskeyError);
  };
  const intro = secondFactor.methods.includes('totp') ? t('sca.loginStepCode') : t('sca.loginStepPasskey');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t('sca.loginStepTitle')}
        </Title>
        <Text c="dimmed" mt={4}>
          {intro}
        </Text>
      </div>
      <ProofForm
        methods={secondFactor.methods}
        pending={step.isPending}
        error={message}
        onCode={(code) => send({ code })}
        onPasskey={tryPasskey}
      />
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={onBack}>
          {t('sca.loginStepBack')}
        </Anchor>
      </Text>
    </Stack>
  );
}
