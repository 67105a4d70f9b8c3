import { Fragment } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { CreatePsd2FundsConsentRequest } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { longDay } from './psd2-view.ts';

/**
 * What the strong-authentication dialog shows before the code (dynamic linking): the card issuer's
 * identifier, the account, until when, and that it learns only yes or no — what the challenge is
 * bound to.
 */
export function FundsConsentScaSummary({
  request,
  account,
}: {
  request: CreatePsd2FundsConsentRequest;
  account: { name: string; iban: string };
}) {
  const { t } = useTranslation();
  const rows: [label: string, value: React.ReactNode, testId: string][] = [
    [t('psd2.funds.sca.provider'), request.organisationId, 'psd2-funds-sca-provider'],
    [
      t('psd2.funds.sca.account'),
      <>
        {account.name} · <span style={{ whiteSpace: 'nowrap' }}>{formatIban(account.iban)}</span>
      </>,
      'psd2-funds-sca-account',
    ],
    [
      t('psd2.funds.sca.until'),
      t('psd2.funds.sca.untilValue', { date: longDay(request.validUntil) }),
      'psd2-funds-sca-until',
    ],
    [t('psd2.funds.sca.answer'), t('psd2.funds.sca.answerValue'), 'psd2-funds-sca-answer'],
  ];
  return (
    <Stack gap="xs" data-testid="psd2-funds-sca-summary">
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {t('psd2.funds.sca.summary', { id: request.organisationId })}
      </Text>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing={6} style={{ gridTemplateColumns: 'auto 1fr' }}>
        {rows.map(([label, value, testId]) => (
          <Fragment key={testId}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Fragment>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
