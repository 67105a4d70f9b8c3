import { useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DirectDebitMandate } from '@comptoir/contracts';
import { cents, formatEuros, ofName } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useDirectDebitMandates, useRevokeMandate } from '../../api/direct-debits.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { ListRow } from '../../ui/ListRow.tsx';
import { notifySuccess } from '../../ui/toasts.ts';
import { longDay } from '../transfers/transfer-dates.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { instantDay, isActiveMandate, sortedMandates } from './direct-debit-view.ts';
import { MandateLimitsModal } from './MandateLimitsModal.tsx';

const WRAP = { overflowWrap: 'anywhere' } as const;

const detailOf = (error: unknown, fallback: string): string => (isApiError(error) ? error.detail : fallback);

/**
 * « Mandats »: each mandate a creditor's bank presented (creditor, Creditor Identifier, reference,
 * signing date, last collection, state, the customer's caps), with « Limites » and « Révoquer »
 * while it is in force.
 */
export function MandatesSection() {
  const { t } = useTranslation();
  const mandates = useDirectDebitMandates();
  const revoke = useRevokeMandate();
  const [revoking, setRevoking] = useState<DirectDebitMandate | null>(null);
  const [limiting, setLimiting] = useState<DirectDebitMandate | null>(null);
  const items = sortedMandates(mandates.data?.items ?? []);

  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(t('directDebits.revoke.done'));
        setRevoking(null);
      },
    });

  return (
    <Stack component="section" gap="sm" aria-labelledby="direct-debits-mandates">
      <Title id="direct-debits-mandates" order={2} fz="h3">
        {t('directDebits.mandates.title')}
      </Title>
      {mandates.isPending ? (
        <Skeleton height={96} radius="lg" aria-label={t('common.loading')} />
      ) : mandates.isError ? (
        <ErrorState
          message={detailOf(mandates.error, t('errors.generic'))}
          onRetry={() => void mandates.refetch()}
          retrying={mandates.isRefetching}
        />
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="md" data-testid="mandates">
          <Text c="dimmed">{t('directDebits.mandates.empty')}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" px="md" py={4} data-testid="mandates">
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((mandate, index) => (
              <MandateRow
                key={mandate.id}
                mandate={mandate}
                separated={index > 0}
                onRevoke={() => {
                  revoke.reset();
                  setRevoking(mandate);
                }}
                onLimits={() => setLimiting(mandate)}
              />
            ))}
          </Stack>
        </Paper>
      )}

      <ConfirmDialog
        opened={revoking !== null}
        title={t('directDebits.revoke.title')}
        confirmLabel={t('directDebits.revoke.confirm')}
        danger
        loading={revoke.isPending}
        error={revoke.isError ? detailOf(revoke.error, t('errors.generic')) : null}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
        testId="mandate-revoke-dialog"
      >
        {revoking && (
          <>
            <Text fw={600} style={WRAP}>
              {t('directDebits.revoke.body', { name: revoking.creditorName, reference: revoking.reference })}
            </Text>
            <Text size="sm">{t('directDebits.revoke.detail')}</Text>
          </>
        )}
      </ConfirmDialog>

      <MandateLimitsModal mandate={limiting} onClose={() => setLimiting(null)} />
    </Stack>
  );
}

function MandateRow(props: {
  mandate: DirectDebitMandate;
  separated: boolean;
  onRevoke: () => void;
  onLimits: () => void;
}) {
  const { t } = useTranslation();
  const m = props.mandate;
  const active = isActiveMandate(m);
  const names = { name: m.creditorName, ofName: ofName(m.creditorName), reference: m.reference };
  const { maxAmount, maxCount, period } = m.limits;
  const limits = [
    maxAmount !== null && t('directDebits.mandates.limitAmount', { amount: formatEuros(cents(maxAmount)) }),
    maxCount !== null &&
      t(period === 'year' ? 'directDebits.mandates.limitPerYear' : 'directDebits.mandates.limitPerMonth', {
        count: maxCount,
      }),
  ].filter((text) => typeof text === 'string');

  return (
    <ListRow separated={props.separated} gap="sm" data-testid="mandate" data-status={m.status}>
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={WRAP}>
            {m.creditorName}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={active ? 'comptoir' : 'gray'}
            styles={{ label: { color: active ? undefined : 'var(--mantine-color-gray-8)' } }}
            data-testid="mandate-status"
          >
            {t(`directDebits.mandates.status.${m.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={WRAP}>
          {t('directDebits.mandates.creditorId', { id: m.creditorId })}
          {' · '}
          {t('directDebits.mandates.reference', { reference: m.reference })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('directDebits.mandates.signedOn', { date: longDay(m.signedOn) })}
          {' · '}
          {m.lastCollectionAt
            ? t('directDebits.mandates.lastCollection', { date: instantDay(m.lastCollectionAt) })
            : t('directDebits.mandates.noCollection')}
        </Text>
        {m.revokedAt && (
          <Text size="sm">{t('directDebits.mandates.revokedOn', { date: instantDay(m.revokedAt) })}</Text>
        )}
        {active && (
          <Text size="sm" data-testid="mandate-limits">
            {limits.length > 0 ? limits.join(' · ') : t('directDebits.mandates.noLimits')}
          </Text>
        )}
        {active && (
          <Group gap="xs" wrap="wrap" mt={4}>
            <Button
              size="compact-sm"
              variant="light"
              onClick={props.onLimits}
              aria-label={t('directDebits.limits.label', names)}
            >
              {t('directDebits.limits.button')}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              c="red.9"
              onClick={props.onRevoke}
              aria-label={t('directDebits.revoke.label', names)}
            >
              {t('directDebits.revoke.button')}
            </Button>
          </Group>
        )}
      </Stack>
    </ListRow>
  );
}
