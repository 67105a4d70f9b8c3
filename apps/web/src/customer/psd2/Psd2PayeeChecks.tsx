import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconHelpCircle,
  IconInfoCircle,
  IconShieldExclamation,
} from '@tabler/icons-react';
import { PAYEE_REPORTED_FOR_FRAUD_WARNING, type PayeeVerification } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';

const LOOK = {
  match: { color: 'teal', Icon: IconCircleCheck },
  close_match: { color: 'orange', Icon: IconInfoCircle },
  no_match: { color: 'red', Icon: IconAlertTriangle },
  not_possible: { color: 'gray', Icon: IconHelpCircle },
} as const;
const CLOSED = { color: 'red', Icon: IconBan } as const;

/**
 * Verification of Payee on a third party's payment, in the words and colours of the beneficiary
 * form (customer/transfers/VerificationResult.tsx): the name the TPP gave against the IBAN's holder.
 * Nothing to correct here (the TPP set the payee): the customer reads it before deciding.
 */
export function Psd2PayeeVerification({ verification }: { verification: PayeeVerification }) {
  const { t } = useTranslation();
  const { result, holderName, reason } = verification;
  const key = reason === 'account_closed' ? 'account_closed' : result;
  const { color, Icon } = reason === 'account_closed' ? CLOSED : LOOK[result];
  return (
    <Alert
      color={color}
      variant="light"
      radius="md"
      icon={<Icon aria-hidden />}
      role="status"
      data-testid="payee-verification"
      data-result={key}
      // The title in the page's dark text (as its other alerts): the light variant's own colour, teal
      // on its pale ground, is too faint to read (WCAG 1.4.3); the icon and the ground keep the tone.
      title={
        <Text span fw={700} c="dark.8">
          {t(`beneficiaries.verification.${key}`, { name: holderName ?? '' })}
        </Text>
      }
    >
      <Text size="sm">{t(`beneficiaries.verificationHint.${key}`)}</Text>
    </Alert>
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
