import { Stack, Text } from '@mantine/core';
import type { Psd2Authorisation } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Psd2Terms } from './Psd2Terms.tsx';

/**
 * What the strong-authentication dialog shows before the code (dynamic linking): the TPP, what it
 * may read, until when, how often, and the accounts chosen — what the challenge is bound to.
 */
export function Psd2ScaSummary({
  authorisation,
  consent,
  accounts,
}: {
  authorisation: Psd2Authorisation;
  consent: NonNullable<Psd2Authorisation['consent']>;
  accounts: Psd2Authorisation['accounts'];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="psd2-sca-summary">
      <Text size="sm" fw={600}>
        {t('psd2.sca.summary', {
          tpp: authorisation.tpp.name,
          id: authorisation.tpp.organisationId,
        })}
      </Text>
      <Psd2Terms terms={consent} accounts={accounts} />
    </Stack>
  );
}
