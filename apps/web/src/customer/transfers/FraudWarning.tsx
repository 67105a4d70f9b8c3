import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';
import { PAYEE_REPORTED_FOR_FRAUD_WARNING } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Verification of Payee's warning for an IBAN that two customers or more reported for fraud
 * (docs/fraud-reports.md#reported-payees): the customer may still add it — or pay it, when a third
 * party asks (`label` says what they confirm) — once they confirm.
 */
export function FraudWarning(props: {
  acknowledged: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
  label?: string;
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
          label={props.label ?? t('beneficiaries.acknowledgeFraudWarning')}
          checked={props.acknowledged}
          onChange={(event) => props.onAcknowledge(event.currentTarget.checked)}
        />
      </Stack>
    </Alert>
  );
}
