import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  DIRECT_DEBIT_CLAIM_STATUSES,
  type BackofficeDirectDebitClaim,
  type DirectDebitClaimStatus,
} from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useDirectDebitClaims } from '../../api/backoffice-direct-debits.ts';
import { ManagePanel } from '../customers/ManagePanel.tsx';
import { formatDateTime, formatDay } from '../format.ts';
import { ClaimDecisionDialog } from './ClaimDecisionDialog.tsx';
import { CLAIM_COLORS, DirectDebitBadge } from './DirectDebitBadge.tsx';

const isClaimStatus = (value: string): value is DirectDebitClaimStatus =>
  (DIRECT_DEBIT_CLAIM_STATUSES as readonly string[]).includes(value);

/**
 * « Contestations de prélèvements » (docs/direct-debits.md#back-office, admin and compliance): the
 * customers' claims for unauthorised collections, pending ones oldest first, each accepted or
 * rejected with a note the customer reads; decided ones by their status.
 */
export function DirectDebitClaimsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DirectDebitClaimStatus>('pending');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const claims = useDirectDebitClaims(status);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backofficeDirectDebits.claims.title')}
        </Title>
        <SegmentedControl
          aria-label={t('backofficeDirectDebits.claims.filter')}
          value={status}
          onChange={(value) => {
            if (isClaimStatus(value)) setStatus(value);
          }}
          data={DIRECT_DEBIT_CLAIM_STATUSES.map((value) => ({
            value,
            label: t(`backofficeDirectDebits.claims.statuses.${value}`),
          }))}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('backofficeDirectDebits.claims.hint')}
      </Text>
      {claims.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backofficeDirectDebits.claims.loading')} />
        </Center>
      ) : claims.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(claims.error) ? claims.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : claims.data.items.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed" data-testid="bo-claims-empty">
          {t(`backofficeDirectDebits.claims.empty.${status}`)}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('backofficeDirectDebits.claims.list')} p={0} m={0}>
          {claims.data.items.map((claim) => (
            <ClaimCard key={claim.id} claim={claim} onOpenCustomer={() => setCustomerId(claim.customerId)} />
          ))}
        </Stack>
      )}
      {customerId && <ManagePanel customerId={customerId} onClose={() => setCustomerId(null)} />}
    </Stack>
  );
}

function ClaimCard({
  claim,
  onOpenCustomer,
}: {
  claim: BackofficeDirectDebitClaim;
  onOpenCustomer: () => void;
}) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<'accept' | 'reject' | null>(null);
  const { collection } = claim;
  const debitedOn = formatDay(collection.settledAt ?? collection.dueDate);
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{ listStyle: 'none' }}
      data-testid="bo-claim"
      data-status={claim.status}
      data-collection={collection.id}
    >
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {collection.creditorName} · {formatEuros(BigInt(collection.amount))}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('backofficeDirectDebits.claims.mandate', {
                reference: collection.mandateReference,
                creditorId: collection.creditorId,
              })}
            </Text>
          </Stack>
          <DirectDebitBadge
            color={CLAIM_COLORS[claim.status]}
            status={claim.status}
            label={t(`backofficeDirectDebits.claims.badges.${claim.status}`)}
          />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed" inherit>
              {t('backofficeDirectDebits.claims.customer')} :{' '}
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              px={4}
              onClick={onOpenCustomer}
              aria-label={t('backofficeDirectDebits.claims.openCustomer', { name: claim.customerName })}
            >
              {claim.customerName}
            </Button>
          </Text>
          <Text size="sm">
            <Text span c="dimmed" inherit>
              {t('backofficeDirectDebits.claims.debitedOn')} :{' '}
            </Text>
            {debitedOn}
          </Text>
          <Text size="sm" c="dimmed">
            {t('backofficeDirectDebits.claims.claimedAt', { date: dateTime(claim.createdAt) })}
          </Text>
        </Group>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {t('backofficeDirectDebits.claims.reason')}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="bo-claim-reason"
          >
            {claim.reason}
          </Text>
        </Stack>
        {claim.decidedAt && (
          <Stack gap={2} data-testid="bo-claim-decision">
            <Text size="xs" c="dimmed">
              {t('backofficeDirectDebits.claims.decided', {
                date: dateTime(claim.decidedAt),
                by: claim.decidedBy ?? '—',
              })}
            </Text>
            {claim.decisionNote && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {t('backofficeDirectDebits.claims.note', { note: claim.decisionNote })}
              </Text>
            )}
          </Stack>
        )}
        {claim.status === 'pending' && (
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => setDeciding('accept')}
            >
              {t('backofficeDirectDebits.claims.accept')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setDeciding('reject')}
            >
              {t('backofficeDirectDebits.claims.reject')}
            </Button>
          </Group>
        )}
      </Stack>
      {deciding && (
        <ClaimDecisionDialog
          claim={claim}
          decision={deciding}
          debitedOn={debitedOn}
          onClose={() => setDeciding(null)}
        />
      )}
    </Paper>
  );
}
