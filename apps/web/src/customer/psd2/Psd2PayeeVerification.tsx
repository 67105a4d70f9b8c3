import { Text } from '@mantine/core';
import type { PayeeVerification } from '@comptoir/contracts';
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
