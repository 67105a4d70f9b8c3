import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DirectDebitClaim, DirectDebitCollection } from '@comptoir/contracts';
import { cents, formatEuros, ofName } from '@comptoir/core';
import { ListRow, SignedAmount } from '../../ui/ListRow.tsx';
import { longDay } from '../transfers/transfer-dates.ts';
import {
  canClaim,
  canRefund,
  canRefuse,
  collectionState,
  instantDay,
  type CollectionState,
} from './direct-debit-view.ts';

/** Badge colours; the label's own colour where the light one is too pale to read (WCAG AA). */
const BADGE: Record<CollectionState, { color: string; text?: string }> = {
  announced: { color: 'comptoir' },
  refused: { color: 'orange', text: '#9c3a00' },
  booked: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
  returned: { color: 'red', text: 'var(--mantine-color-red-9)' },
  refunded: { color: 'teal', text: '#1e7a33' },
};

/** Long references and identifiers wrap rather than widen a phone's screen. */
const WRAP = { overflowWrap: 'anywhere' } as const;

export interface CollectionActions {
  onRefuse: (c: DirectDebitCollection) => void;
  onRefund: (c: DirectDebitCollection) => void;
  onClaim: (c: DirectDebitCollection) => void;
}

/**
 * One collection: creditor, state, due date, mandate reference and remittance information, the
 * amount; the return's French message, a refund, a claim and its decision; the acts it still allows.
 */
export function CollectionRow(
  props: { collection: DirectDebitCollection; separated: boolean; today: string } & CollectionActions,
) {
  const { t } = useTranslation();
  const c = props.collection;
  const state = collectionState(c);
  const amount = formatEuros(cents(c.amount));
  const names = { amount, name: c.creditorName, ofName: ofName(c.creditorName) };
  const refusable = canRefuse(c, props.today);
  const refundable = canRefund(c);
  const claimable = canClaim(c);
  const badge = BADGE[state];

  return (
    <ListRow separated={props.separated} gap="sm" data-testid="direct-debit" data-status={state}>
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} style={WRAP}>
            {c.creditorName}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={badge.color}
            styles={{ label: { color: badge.text } }}
            data-testid="direct-debit-status"
          >
            {t(`directDebits.status.${state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={WRAP}>
          {t(c.status === 'announced' ? 'directDebits.coming.due' : 'directDebits.past.due', {
            date: longDay(c.dueDate),
          })}
          {' · '}
          {t('directDebits.mandateRef', { reference: c.mandateReference })}
        </Text>
        {c.remittanceInfo && (
          <Text size="sm" c="dimmed" style={WRAP}>
            {c.remittanceInfo}
          </Text>
        )}
        {c.status === 'returned' && c.returnMessage && (
          <Text size="sm" c="red.9" data-testid="direct-debit-return">
            {c.returnMessage}
          </Text>
        )}
        {c.status === 'refused' && <Text size="sm">{t('directDebits.past.refusedNote')}</Text>}
        {c.refundedAt && (
          <Text size="sm" c="#1e7a33" data-testid="direct-debit-refunded">
            {t('directDebits.past.refundedOn', { date: instantDay(c.refundedAt) })}
          </Text>
        )}
        {c.claim && <ClaimStatus claim={c.claim} />}

        {c.status === 'announced' && (
          <Text size="xs" c="dimmed">
            {refusable
              ? t('directDebits.coming.refusableUntil', { date: longDay(c.refusableUntil) })
              : t('directDebits.coming.tooLate')}
          </Text>
        )}
        {refundable && c.refundableUntil && (
          <Text size="xs" c="dimmed">
            {t('directDebits.past.refundableUntil', { date: longDay(c.refundableUntil) })}
          </Text>
        )}
        {claimable && c.claimableUntil && (
          <Text size="xs" c="dimmed">
            {t('directDebits.past.claimableUntil', { date: longDay(c.claimableUntil) })}
          </Text>
        )}

        {(refusable || refundable || claimable) && (
          <Group gap="xs" wrap="wrap" mt={4}>
            {refusable && (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                c="red.9"
                onClick={() => props.onRefuse(c)}
                aria-label={t('directDebits.refuse.label', names)}
              >
                {t('directDebits.refuse.button')}
              </Button>
            )}
            {refundable && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => props.onRefund(c)}
                aria-label={t('directDebits.refund.label', names)}
              >
                {t('directDebits.refund.button')}
              </Button>
            )}
            {claimable && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => props.onClaim(c)}
                aria-label={t('directDebits.claim.label', names)}
              >
                {t('directDebits.claim.button')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <SignedAmount
        amount={cents(-c.amount)}
        struck={c.status === 'returned' || c.status === 'refused'}
        testId="direct-debit-amount"
      />
    </ListRow>
  );
}

/** A claim's state and, once decided, the operator's reason. */
function ClaimStatus({ claim }: { claim: DirectDebitClaim }) {
  const { t } = useTranslation();
  const tone = claim.status === 'accepted' ? '#1e7a33' : claim.status === 'rejected' ? 'red.9' : '#9c3a00';
  return (
    <Stack gap={0} data-testid="direct-debit-claim" data-claim-status={claim.status}>
      <Text size="sm" fw={600} c={tone}>
        {t(`directDebits.claim.status.${claim.status}`)}
      </Text>
      {claim.decisionNote && (
        <Text size="sm" style={WRAP}>
          {t('directDebits.claim.note', { note: claim.decisionNote })}
        </Text>
      )}
    </Stack>
  );
}
