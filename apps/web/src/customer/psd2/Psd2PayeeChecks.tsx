import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { PAYEE_REPORTED_FOR_FRAUD_WARNING, type PayeeVerification } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { PayeeVerificationAlert } from '../transfers/VerificationResult.tsx';

/**
 * Verification of Payee on a third party's payment, as the beneficiary form shows it: the name the
 * TPP gave against the IBAN's holder. Nothing to correct here (the TPP set the payee): the customer
 * reads it before deciding.
 */
export function Psd2PayeeVerification({ verification }: { verification: PayeeVerification }) {
  const { t } = useTranslation();
  const key = verification.reason === 'account_closed' ? 'account_closed' : verification.result;
  return (
    <PayeeVerificationAlert verification={verification}>
      <Text size="sm">{t(`beneficiaries.verificationHint.${key}`)}</Text>
    </PayeeVerificationAlert>
  );
}

/**
 * The fraud warning of a payee reported by customers (PAYEE_REPORTED_FOR_FRAUD_WARNING, as on the
 * beneficiary form): « Autoriser » waits for the customer to tick that they know this payee.
 */
export function Psd2FraudWarning(props: {
  acknowledged: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="filled"
      radius="md"
      icon={<IconShieldExclamation aria-hidden />}
      role="alert"
      data-testid="payee-fraud-warning"
      title={t('beneficiaries.fraudWarningTitle')}
    >
      <Stack gap="xs">
        <Text size="sm">{PAYEE_REPORTED_FOR_FRAUD_WARNING}</Text>
        <Checkbox
          color="white"
          iconColor="red"
          styles={{ label: { color: 'white' } }}
          label={t('psd2.payment.acknowledgeFraud')}
          checked={props.acknowledged}
          onChange={(event) => props.onAcknowledge(event.currentTarget.checked)}
          data-testid="psd2-acknowledge-fraud"
        />
      </Stack>
    </Alert>
  );
}
