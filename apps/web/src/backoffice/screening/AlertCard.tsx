import { useState } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconLock, IconX } from '@tabler/icons-react';
import type { ScreeningAlert, ScreeningDecisionKind } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { AlertDecisionDialog } from './AlertDecisionDialog.tsx';
import { AlertSubject } from './AlertSubject.tsx';
import { CardActions } from './CardActions.tsx';
import { ApproveConfirmationDialog } from './ApproveConfirmationDialog.tsx';
import { ExplanationDetails } from './ExplanationDetails.tsx';
import { ListedEntryDetails } from './ListedEntryDetails.tsx';
import { ALERT_COLORS, ScreeningBadge } from './ScreeningBadge.tsx';
import { alertActions, alertBadge, customerRefName } from './screening-text.ts';
import { StepRecord } from './StepRecord.tsx';
import { useOperatorId } from './use-operator-id.ts';

type Dialog = ScreeningDecisionKind | 'approve' | null;

/** The screened name as the card's heading: the customer, or the beneficiary. */
function subjectName(alert: ScreeningAlert): string {
  if (alert.subject.kind === 'beneficiary') return alert.subject.name ?? alert.subject.iban ?? '—';
  return customerRefName(alert.subject.customer) || alert.subject.customer.customerNumber;
}

/**
 * One alert of the queue: the subject and the list entry side by side (two columns on a wide
 * screen, stacked on a phone), the score and its explanation, the proposal and decision with who
 * and when, and the steps this operator may take.
 */
export function AlertCard({
  alert,
  onOpenCustomer,
}: {
  alert: ScreeningAlert;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = alertActions(alert, useOperatorId());
  const badge = alertBadge(alert);
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  const name = subjectName(alert);
  const noteLine = (note: string | null | undefined) =>
    note ? t('backofficeScreening.alerts.note', { note }) : undefined;

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      style={{ listStyle: 'none' }}
      data-testid="bo-screening-alert"
      data-status={alert.status}
      data-alert={alert.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('backofficeScreening.alerts.openedAt', {
                date: dateTime(alert.createdAt),
                number: alert.listVersion.number,
              })}
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Text fw={700} fz="lg" data-testid="bo-screening-score">
              <Text span c="dimmed" fz="sm" fw={600}>
                {t('backofficeScreening.alerts.score')}{' '}
              </Text>
              {t('backofficeScreening.alerts.scoreValue', { score: alert.score })}
            </Text>
            <ScreeningBadge
              color={ALERT_COLORS[badge]}
              status={badge}
              label={t(`backofficeScreening.alerts.badges.${badge}`)}
            />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="bo-screening-side-by-side">
          <AlertSubject subject={alert.subject} onOpenCustomer={onOpenCustomer} />
          <ListedEntryDetails entry={alert.entry} matchedAlias={alert.explanation.alias} />
        </SimpleGrid>
        <ExplanationDetails explanation={alert.explanation} />
        {alert.proposal && (
          <StepRecord
            testId="bo-screening-proposal"
            line={t('backofficeScreening.alerts.proposed', {
              date: dateTime(alert.proposal.at),
              name: alert.proposal.by.name || alert.proposal.by.email,
            })}
            note={noteLine(alert.proposal.note)}
          />
        )}
        {alert.decision && (
          <StepRecord
            testId="bo-screening-decision"
            line={t(`backofficeScreening.alerts.decided.${alert.decision.kind}`, {
              date: dateTime(alert.decision.at),
              name: alert.decision.by.name || alert.decision.by.email,
            })}
            note={noteLine(alert.decision.note)}
          />
        )}
        <CardActions
          waiting={
            actions.ownProposal && {
              text: t('backofficeScreening.alerts.ownProposal'),
              testId: 'bo-screening-own-proposal',
            }
          }
          actions={[
            actions.approve && {
              label: t('backofficeScreening.alerts.approve'),
              icon: <IconLock size={16} aria-hidden />,
              color: 'red.8',
              onClick: () => setDialog('approve'),
            },
            actions.confirm && {
              label: t('backofficeScreening.alerts.confirm'),
              icon: <IconCheck size={16} aria-hidden />,
              color: 'red',
              variant: 'light',
              onClick: () => setDialog('confirmed'),
            },
            actions.falsePositive && {
              label: t('backofficeScreening.alerts.falsePositive'),
              icon: <IconX size={16} aria-hidden />,
              variant: 'default',
              onClick: () => setDialog('false_positive'),
            },
          ]}
        />
      </Stack>
      {(dialog === 'false_positive' || dialog === 'confirmed') && (
        <AlertDecisionDialog alert={alert} decision={dialog} name={name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'approve' && (
        <ApproveConfirmationDialog alert={alert} name={name} onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}
