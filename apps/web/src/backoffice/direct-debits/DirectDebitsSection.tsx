import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { DirectDebitCollection, DirectDebitMandate } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useCustomerDirectDebits } from '../../api/backoffice-direct-debits.ts';
import { formatDay } from '../format.ts';
import { Section } from '../Section.tsx';
import { COLLECTION_COLORS, DirectDebitBadge, MANDATE_COLORS } from './DirectDebitBadge.tsx';
import { mandateLimitsText, refundOrClaimText, rulesText } from './direct-debit-text.ts';

/**
 * « Prélèvements » of the manage panel (docs/direct-debits.md#back-office), read-only for every
 * role: the customer's mandates, the collections announced on their accounts and their rules.
 */
export function DirectDebitsSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const directDebits = useCustomerDirectDebits(customerId);
  return (
    <Section
      title={t('backofficeDirectDebits.section.title')}
      hint={t('backofficeDirectDebits.section.hint')}
      testId="bo-direct-debits"
    >
      {directDebits.isPending ? (
        <Loader size="sm" aria-label={t('backofficeDirectDebits.section.loading')} />
      ) : directDebits.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(directDebits.error)
              ? directDebits.error.detail
              : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : (
        <Stack gap="lg">
          <Mandates mandates={directDebits.data.mandates} />
          <Collections collections={directDebits.data.collections} />
          <Stack gap={4} data-testid="bo-direct-debit-rules">
            <Title order={4} fz="h5">
              {t('backofficeDirectDebits.section.rules')}
            </Title>
            {rulesText(t, directDebits.data.settings).map((line) => (
              <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
    </Section>
  );
}

function Mandates({ mandates }: { mandates: readonly DirectDebitMandate[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Title order={4} fz="h5">
        {t('backofficeDirectDebits.section.mandates')}
      </Title>
      {mandates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backofficeDirectDebits.section.noMandate')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table fz="sm" striped aria-label={t('backofficeDirectDebits.section.mandatesTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backofficeDirectDebits.mandate.creditor')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.mandate.creditorId')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.mandate.reference')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.mandate.signedOn')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.mandate.status')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.mandate.limits')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.mandate.lastCollection')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mandates.map((mandate) => (
                <Table.Tr key={mandate.id} data-testid="bo-direct-debit-mandate" data-status={mandate.status}>
                  <Table.Td>{mandate.creditorName}</Table.Td>
                  <Table.Td ff="monospace">{mandate.creditorId}</Table.Td>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {mandate.reference}
                  </Table.Td>
                  <Table.Td>{formatDay(mandate.signedOn)}</Table.Td>
                  <Table.Td>
                    <DirectDebitBadge
                      color={MANDATE_COLORS[mandate.status]}
                      status={mandate.status}
                      label={t(`backofficeDirectDebits.mandate.statuses.${mandate.status}`)}
                    />
                    {mandate.revokedAt && (
                      <Text size="xs" c="dimmed">
                        {t('backofficeDirectDebits.mandate.revokedAt', {
                          date: formatDay(mandate.revokedAt),
                        })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{mandateLimitsText(t, mandate.limits)}</Table.Td>
                  <Table.Td>
                    {mandate.lastCollectionAt
                      ? formatDay(mandate.lastCollectionAt)
                      : t('backofficeDirectDebits.mandate.never')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Collections({ collections }: { collections: readonly DirectDebitCollection[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Title order={4} fz="h5">
        {t('backofficeDirectDebits.section.collections')}
      </Title>
      {collections.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backofficeDirectDebits.section.noCollection')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table fz="sm" striped aria-label={t('backofficeDirectDebits.section.collectionsTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backofficeDirectDebits.collection.dueDate')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.collection.creditor')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>
                  {t('backofficeDirectDebits.collection.amount')}
                </Table.Th>
                <Table.Th>{t('backofficeDirectDebits.collection.status')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.collection.returnReason')}</Table.Th>
                <Table.Th>{t('backofficeDirectDebits.collection.refundOrClaim')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {collections.map((collection) => (
                <Table.Tr
                  key={collection.id}
                  data-testid="bo-direct-debit-collection"
                  data-status={collection.status}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(collection.dueDate)}</Table.Td>
                  <Table.Td>
                    {collection.creditorName}
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {collection.mandateReference} ·{' '}
                      {t(`backofficeDirectDebits.collection.sequences.${collection.sequence}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td
                    style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatEuros(BigInt(collection.amount))}
                  </Table.Td>
                  <Table.Td>
                    <DirectDebitBadge
                      color={COLLECTION_COLORS[collection.status]}
                      status={collection.status}
                      label={t(`backofficeDirectDebits.collection.statuses.${collection.status}`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {collection.returnMessage ?? t('backofficeDirectDebits.collection.none')}
                  </Table.Td>
                  <Table.Td data-testid="bo-direct-debit-refund">{refundOrClaimText(t, collection)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
