import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Transfer } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useCancelTransfer, useTransfers } from '../../api/transfers.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { ListRow } from '../../ui/ListRow.tsx';
import { notifyError, notifySuccess } from '../../ui/toasts.ts';
import { longDay, repeatText } from './transfer-dates.ts';
import { upcomingTransfers } from './upcoming.ts';

/**
 * « Virements à venir » on /virementshome: pending one-off transfers (funds reserved) and scheduled
 * ones, with their monthly repetition; each can be cancelled (after a confirmation) until it runs.
 */
export function UpcomingTransfers() {
  const { t } = useTranslation();
  const transfers = useTransfers();
  const cancel = useCancelTransfer();
  const [asked, setAsked] = useState<Transfer | null>(null);
  const upcoming = upcomingTransfers(transfers.data?.upcoming ?? []);

  const confirmCancel = () => {
    if (!asked) return;
    cancel.mutate(asked.id, {
      onSuccess: () => notifySuccess(t('transfers.upcoming.cancelled')),
      onError: (error) =>
        notifyError(
          t('transfers.upcoming.cancelError', {
            message: isApiError(error) ? error.detail : t('errors.generic'),
          }),
        ),
      onSettled: () => setAsked(null),
    });
  };

  return (
    <Stack
      component="section"
      gap="sm"
      aria-labelledby="upcoming-transfers-title"
      data-testid="upcoming-transfers"
    >
      <Title id="upcoming-transfers-title" order={2} fz="h3">
        {t('transfers.upcoming.title')}
      </Title>
      {transfers.isPending ? (
        <Skeleton height={96} radius="lg" aria-label={t('common.loading')} />
      ) : transfers.isError ? (
        <ErrorState
          message={isApiError(transfers.error) ? transfers.error.detail : t('errors.generic')}
          onRetry={() => void transfers.refetch()}
          retrying={transfers.isRefetching}
        />
      ) : upcoming.length === 0 ? (
        <Paper withBorder radius="lg" p="md">
          <Text c="dimmed">{t('transfers.upcoming.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" px="md" py={4}>
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {upcoming.map((transfer, index) => (
              <UpcomingItem
                key={transfer.id}
                transfer={transfer}
                separated={index > 0}
                onCancel={() => setAsked(transfer)}
              />
            ))}
          </Stack>
        </Paper>
      )}

      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('transfers.upcoming.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('transfers.sheet.close') }}
        centered
        radius="lg"
      >
        {asked && (
          <Stack gap="md">
            <Text>
              {t('transfers.upcoming.confirmBody', {
                amount: formatEuros(cents(asked.amount)),
                name: asked.payeeName,
                date: longDay(asked.executionDate),
              })}
            </Text>
            {asked.repeat && <Text size="sm">{t('transfers.upcoming.confirmSeries')}</Text>}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsked(null)}>
                {t('transfers.upcoming.confirmNo')}
              </Button>
              <Button color="red.8" onClick={confirmCancel} loading={cancel.isPending}>
                {t('transfers.upcoming.confirmYes')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function UpcomingItem({
  transfer,
  separated,
  onCancel,
}: {
  transfer: Transfer;
  separated: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const amount = formatEuros(cents(transfer.amount));
  const repetition = repeatText(transfer.repeat);
  const cancellable = transfer.type === 'standard';

  return (
    <ListRow
      separated={separated}
      align="center"
      gap="sm"
      data-testid="upcoming-transfer"
      data-status={transfer.status}
    >
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} truncate>
            {transfer.payeeName}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={transfer.status === 'pending' ? 'orange' : 'comptoir'}
            styles={{ label: { color: transfer.status === 'pending' ? '#9c3a00' : undefined } }}
          >
            {t(`transfers.upcoming.status.${transfer.status === 'pending' ? 'pending' : 'scheduled'}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('transfers.upcoming.on', { date: longDay(transfer.executionDate) })}
          {transfer.reference ? ` · ${transfer.reference}` : ''}
          {transfer.initiatedVia ? ` · ${t('transfers.upcoming.via', { tpp: transfer.initiatedVia })}` : ''}
        </Text>
        {repetition && (
          <Text size="sm" data-testid="upcoming-transfer-repeat">
            {t(repetition.key, repetition.values)}
          </Text>
        )}
      </Stack>
      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
        <Text fw={700} c="red.9" style={{ whiteSpace: 'nowrap' }}>
          − {amount}
        </Text>
        {cancellable && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            c="red.9"
            onClick={onCancel}
            aria-label={t('transfers.upcoming.cancelLabel', { amount, name: transfer.payeeName })}
          >
            {t('transfers.upcoming.cancel')}
          </Button>
        )}
      </Stack>
    </ListRow>
  );
}
