import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import type { AssetFreeze } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { ApproveLiftDialog } from './ApproveLiftDialog.tsx';
import { CardActions } from './CardActions.tsx';
import { CustomerLink } from './CustomerLink.tsx';
import { Fact } from './Fact.tsx';
import { ProposeLiftDialog } from './ProposeLiftDialog.tsx';
import { FREEZE_COLORS, ScreeningBadge } from './ScreeningBadge.tsx';
import { customerRefName, freezeActions } from './screening-text.ts';
import { StepRecord } from './StepRecord.tsx';
import { useOperatorId } from './use-operator-id.ts';

/** The payee a block names: its name and IBAN. */
const payeeText = (payee: NonNullable<AssetFreeze['payee']>): string =>
  [payee.name, formatIban(payee.iban)].filter(Boolean).join(' — ');

/**
 * One freeze or payee block: the customer (a link to their file unless shown inside it), the payee,
 * since when, from which alert, « Radiée de la liste » when its entity left the list, the lifting
 * with who and when, and the step this operator may take (propose, or approve another's proposal).
 */
export function FreezeCard({
  freeze,
  onOpenCustomer,
}: {
  freeze: AssetFreeze;
  /** Absent inside the customer's own file. */
  onOpenCustomer?: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'propose' | 'approve' | null>(null);
  const actions = freezeActions(freeze, useOperatorId());
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  const name = customerRefName(freeze.customer) || freeze.customer.customerNumber;
  const { lift } = freeze;

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{ listStyle: 'none' }}
      data-testid="bo-screening-freeze"
      data-status={freeze.status}
      data-freeze={freeze.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700}>{t(`backofficeScreening.freezes.kinds.${freeze.subjectKind}`)}</Text>
            <Text size="sm" c="dimmed">
              {t('backofficeScreening.freezes.since', { date: dateTime(freeze.frozenAt) })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {freeze.delisted && freeze.status !== 'lifted' && (
              <Badge color="blue" variant="light" tt="none" radius="sm" data-testid="bo-screening-delisted">
                {t('backofficeScreening.freezes.delisted')}
              </Badge>
            )}
            <ScreeningBadge
              color={FREEZE_COLORS[freeze.status]}
              status={freeze.status}
              label={t(`backofficeScreening.freezes.badges.${freeze.status}`)}
            />
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap" align="flex-start">
          {onOpenCustomer && (
            <Fact label={t('backofficeScreening.freezes.customer')}>
              <CustomerLink customer={freeze.customer} onOpen={onOpenCustomer} />
            </Fact>
          )}
          {freeze.payee && (
            <Fact label={t('backofficeScreening.freezes.payee')}>{payeeText(freeze.payee)}</Fact>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {freeze.logicalId !== null
            ? t('backofficeScreening.freezes.fromAlert', { logicalId: freeze.logicalId })
            : t('backofficeScreening.freezes.fromDecision')}
        </Text>
        {freeze.delisted && freeze.status === 'active' && (
          <Text size="sm">{t('backofficeScreening.freezes.delistedHint')}</Text>
        )}
        {lift && (
          <StepRecord
            testId="bo-screening-lift"
            line={t('backofficeScreening.freezes.liftProposed', {
              date: dateTime(lift.proposedAt),
              name: lift.proposedBy.name || lift.proposedBy.email,
              reason: t(`backofficeScreening.freezes.reasons.${lift.reason}`),
            })}
            note={t('backofficeScreening.freezes.note', { note: lift.note })}
          >
            {lift.liftedAt && lift.approvedBy && (
              <Text size="sm">
                {t('backofficeScreening.freezes.lifted', {
                  date: dateTime(lift.liftedAt),
                  name: lift.approvedBy.name || lift.approvedBy.email,
                })}
              </Text>
            )}
          </StepRecord>
        )}
        <CardActions
          waiting={
            actions.ownProposal && {
              text: t('backofficeScreening.freezes.ownProposal'),
              testId: 'bo-screening-own-lift',
            }
          }
          actions={[
            actions.propose && {
              label: t('backofficeScreening.freezes.propose'),
              icon: <IconLockOpen size={16} aria-hidden />,
              variant: 'default',
              onClick: () => setDialog('propose'),
            },
            actions.approve && {
              label: t('backofficeScreening.freezes.approve'),
              icon: <IconLockOpen size={16} aria-hidden />,
              onClick: () => setDialog('approve'),
            },
          ]}
        />
      </Stack>
      {dialog === 'propose' && (
        <ProposeLiftDialog freeze={freeze} name={name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'approve' && (
        <ApproveLiftDialog freeze={freeze} name={name} onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}
