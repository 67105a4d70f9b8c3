import { useState } from 'react';
import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DirectDebitCollection } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import {
  useDirectDebitCollections,
  useRefundCollection,
  useRefuseCollection,
} from '../../api/direct-debits.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { notifySuccess } from '../../ui/toasts.ts';
import { longDay, parisToday } from '../transfers/transfer-dates.ts';
import { ClaimModal } from './ClaimModal.tsx';
import { CollectionRow, type CollectionActions } from './CollectionRow.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { comingCollections, debitDay, pastCollections } from './direct-debit-view.ts';

const detailOf = (error: unknown, fallback: string): string => (isApiError(error) ? error.detail : fallback);

/**
 * « À venir » and « Passés »: the collections announced on the customer's accounts, refused,
 * debited, returned or refunded. Refusing and refunding are confirmed in a dialog that says what
 * follows; a claim is a form. A `direct_debit` live event refreshes both lists.
 */
export function CollectionsSection() {
  const { t } = useTranslation();
  const collections = useDirectDebitCollections();
  const refuse = useRefuseCollection();
  const refund = useRefundCollection();
  const [refusing, setRefusing] = useState<DirectDebitCollection | null>(null);
  const [refunding, setRefunding] = useState<DirectDebitCollection | null>(null);
  const [claiming, setClaiming] = useState<DirectDebitCollection | null>(null);
  const today = parisToday();
  const items = collections.data?.items ?? [];

  const actions: CollectionActions = {
    onRefuse: (c) => {
      refuse.reset();
      setRefusing(c);
    },
    onRefund: (c) => {
      refund.reset();
      setRefunding(c);
    },
    onClaim: setClaiming,
  };

  const confirmRefuse = () =>
    refusing &&
    refuse.mutate(refusing.id, {
      onSuccess: () => {
        notifySuccess(t('directDebits.refuse.done'));
        setRefusing(null);
      },
    });

  const confirmRefund = () =>
    refunding &&
    refund.mutate(refunding.id, {
      // The server's « Prélèvement remboursé » notification is the one toast of it.
      onSuccess: () => setRefunding(null),
    });

  const list = (shown: DirectDebitCollection[], empty: string, testId: string) =>
    shown.length === 0 ? (
      <Paper withBorder radius="lg" p="md" data-testid={testId}>
        <Text c="dimmed">{empty}</Text>
      </Paper>
    ) : (
      <Paper withBorder radius="lg" px="md" py={4} data-testid={testId}>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((c, index) => (
            <CollectionRow key={c.id} collection={c} separated={index > 0} today={today} {...actions} />
          ))}
        </Stack>
      </Paper>
    );

  return (
    <>
      <Stack component="section" gap="sm" aria-labelledby="direct-debits-coming">
        <Title id="direct-debits-coming" order={2} fz="h3">
          {t('directDebits.coming.title')}
        </Title>
        {collections.isPending ? (
          <Skeleton height={96} radius="lg" aria-label={t('common.loading')} />
        ) : collections.isError ? (
          <ErrorState
            message={detailOf(collections.error, t('errors.generic'))}
            onRetry={() => void collections.refetch()}
            retrying={collections.isRefetching}
          />
        ) : (
          list(comingCollections(items), t('directDebits.coming.empty'), 'direct-debits-coming')
        )}
      </Stack>

      {collections.isSuccess && (
        <Stack component="section" gap="sm" aria-labelledby="direct-debits-past">
          <Title id="direct-debits-past" order={2} fz="h3">
            {t('directDebits.past.title')}
          </Title>
          {list(pastCollections(items), t('directDebits.past.empty'), 'direct-debits-past')}
        </Stack>
      )}

      <ConfirmDialog
        opened={refusing !== null}
        title={t('directDebits.refuse.title')}
        confirmLabel={t('directDebits.refuse.confirm')}
        danger
        loading={refuse.isPending}
        error={refuse.isError ? detailOf(refuse.error, t('errors.generic')) : null}
        onConfirm={() => void confirmRefuse()}
        onClose={() => setRefusing(null)}
        testId="direct-debit-refuse-dialog"
      >
        {refusing && (
          <>
            <Text fw={600}>
              {t('directDebits.refuse.body', {
                name: refusing.creditorName,
                amount: formatEuros(cents(refusing.amount)),
                date: longDay(refusing.dueDate),
              })}
            </Text>
            <Text size="sm">{t('directDebits.refuse.detail')}</Text>
          </>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        opened={refunding !== null}
        title={t('directDebits.refund.title')}
        confirmLabel={t('directDebits.refund.confirm')}
        loading={refund.isPending}
        error={refund.isError ? detailOf(refund.error, t('errors.generic')) : null}
        onConfirm={() => void confirmRefund()}
        onClose={() => setRefunding(null)}
        testId="direct-debit-refund-dialog"
      >
        {refunding && (
          <>
            <Text fw={600}>
              {t('directDebits.refund.body', {
                amount: formatEuros(cents(refunding.amount)),
                date: debitDay(refunding),
              })}
            </Text>
            <Text size="sm">{t('directDebits.refund.detail')}</Text>
          </>
        )}
      </ConfirmDialog>

      <ClaimModal collection={claiming} onClose={() => setClaiming(null)} />
    </>
  );
}
