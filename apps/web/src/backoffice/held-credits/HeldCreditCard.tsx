import { useState } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconLockOpen } from '@tabler/icons-react';
import type { HeldCredit } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDay } from '../format.ts';
import { CardActions } from '../screening/CardActions.tsx';
import { CustomerLink } from '../screening/CustomerLink.tsx';
import { useOperatorId } from '../screening/use-operator-id.ts';
import { ApproveHeldCreditDialog } from './ApproveHeldCreditDialog.tsx';
import { HeldCreditBadges } from './HeldCreditBadges.tsx';
import { HeldCreditFacts } from './HeldCreditFacts.tsx';
import { HeldCreditSteps } from './HeldCreditSteps.tsx';
import { heldCreditActions } from './held-credit-text.ts';
import { ProposeHeldCreditDialog } from './ProposeHeldCreditDialog.tsx';

type Dialog = 'release' | 'return' | 'approve' | null;

/**
 * One held credit: the customer (a link to their file, and to their monitoring case when it joined
 * one), the amount, its state and deadline (« Échéance dépassée » past it), what it is, the
 * proposal and decision taken, and the steps this operator is offered.
 */
export function HeldCreditCard({
  credit: h,
  onOpenCustomer,
}: {
  credit: HeldCredit;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [, setParams] = useSearchParams();
  const actions = heldCreditActions(h, useOperatorId());
  const open = h.decision === null;

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{ listStyle: 'none', borderColor: h.overdue ? 'var(--mantine-color-red-6)' : undefined }}
      data-testid="bo-held-credit"
      data-held-credit={h.id}
      data-status={h.status}
      data-number={h.creditNumber}
      data-overdue={h.overdue}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4">
              <CustomerLink customer={{ ...h.customer, birthDate: null }} onOpen={onOpenCustomer} />
            </Title>
            <Text size="sm" c="dimmed">
              {t('backofficeHeldCredits.card.customerNumber', { number: h.customer.customerNumber })}
              {h.caseId && (
                <>
                  {' · '}
                  <Anchor
                    href={`?vue=surveillance&dossier=${encodeURIComponent(h.caseId)}`}
                    inherit
                    onClick={(event: React.MouseEvent) => {
                      event.preventDefault();
                      if (h.caseId)
                        setParams(new URLSearchParams({ vue: 'surveillance', dossier: h.caseId }));
                    }}
                  >
                    {t('backofficeHeldCredits.card.openCase')}
                  </Anchor>
                </>
              )}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ marginInlineStart: 'auto' }}>
            <Text
              fw={700}
              fz="xl"
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              data-testid="bo-held-credit-amount"
            >
              {formatEuros(BigInt(h.amount))}
            </Text>
            <HeldCreditBadges credit={h} />
          </Stack>
        </Group>
        {open && (
          <Text size="sm" fw={600} c={h.overdue ? 'red.8' : undefined} data-testid="bo-held-credit-deadline">
            {t('backofficeHeldCredits.card.deadline', { date: formatDay(h.deadline) })}
          </Text>
        )}
        <HeldCreditFacts credit={h} />
        <HeldCreditSteps credit={h} />
        <CardActions
          waiting={
            actions.ownProposal && {
              text: t('backofficeHeldCredits.card.ownProposal'),
              testId: 'bo-held-credit-own-proposal',
            }
          }
          actions={[
            actions.approve && {
              label: t('backofficeHeldCredits.card.approve'),
              icon: <IconCheck size={16} aria-hidden />,
              onClick: () => setDialog('approve'),
            },
            actions.proposeRelease && {
              label: t('backofficeHeldCredits.card.proposeRelease'),
              icon: <IconLockOpen size={16} aria-hidden />,
              variant: 'light',
              onClick: () => setDialog('release'),
            },
            actions.proposeReturn && {
              label: t('backofficeHeldCredits.card.proposeReturn'),
              icon: <IconArrowBackUp size={16} aria-hidden />,
              color: 'red',
              variant: 'light',
              onClick: () => setDialog('return'),
            },
          ]}
        />
      </Stack>
      {(dialog === 'release' || dialog === 'return') && (
        <ProposeHeldCreditDialog credit={h} action={dialog} onClose={() => setDialog(null)} />
      )}
      {dialog === 'approve' && h.proposal && (
        <ApproveHeldCreditDialog credit={h} proposal={h.proposal} onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}
