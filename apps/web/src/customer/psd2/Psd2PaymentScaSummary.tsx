import { Stack, Text } from '@mantine/core';
import type { Psd2Authorisation, Psd2PaymentTerms as PaymentTerms } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Psd2PaymentTerms } from './Psd2PaymentTerms.tsx';

/**
 * What the strong-authentication dialog shows before the code (dynamic linking) for a third party's
 * payment: the TPP, then everything the challenge is bound to — amount, payee name and IBAN, the
 * account debited, the day and whether it is instant.
 */
export function Psd2PaymentScaSummary({
  authorisation,
  payment,
  account,
}: {
  authorisation: Psd2Authorisation;
  payment: PaymentTerms;
  account: Psd2Authorisation['accounts'][number];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="psd2-sca-summary">
      <Text size="sm" fw={600}>
        {t('psd2.payment.sca.summary', {
          tpp: authorisation.tpp.name,
          id: authorisation.tpp.organisationId,
        })}
      </Text>
      <Psd2PaymentTerms payment={payment} account={account} />
    </Stack>
  );
}
