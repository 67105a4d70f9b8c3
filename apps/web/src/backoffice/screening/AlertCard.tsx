import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconLock, IconX } from '@tabler/icons-react';
import type { ScreeningAlert, ScreeningDecisionKind } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { AlertDecisionDialog } from './AlertDecisionDialog.tsx';
import { AlertSubject } from './AlertSubject.tsx';
import { ApproveConfirmationDialog } from './ApproveConfirmationDialog.tsx';
import { ExplanationDetails } from './ExplanationDetails.tsx';
import { ListedEntryDetails } from './ListedEntryDetails.tsx';
import { ALERT_COLORS, ScreeningBadge } from './ScreeningBadge.tsx';
import { alertActions, alertBadge, customerRefName } from './screening-text.ts';
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
          <Stack gap={2} data-testid="bo-screening-proposal">
            <Text size="sm">
              {t('backofficeScreening.alerts.proposed', {
                date: dateTime(alert.proposal.at),
                name: alert.proposal.by.name || alert.proposal.by.email,
              })}
            </Text>
            {alert.proposal.note && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {t('backofficeScreening.alerts.note', { note: alert.proposal.note })}
              </Text>
            )}
          </Stack>
        )}
        {alert.decision && (
          <Stack gap={2} data-testid="bo-screening-decision">
            <Text size="sm">
              {t(`backofficeScreening.alerts.decided.${alert.decision.kind}`, {
                date: dateTime(alert.decision.at),
                name: alert.decision.by.name || alert.decision.by.email,
              })}
            </Text>
            {alert.decision.note && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {t('backofficeScreening.alerts.note', { note: alert.decision.note })}
              </Text>
            )}
          </Stack>
        )}
        {actions.ownProposal && (
          <Text size="sm" c="dimmed" data-testid="bo-screening-own-proposal">
            {t('backofficeScreening.alerts.ownProposal')}
          </Text>
        )}
        {(actions.approve || actions.confirm || actions.falsePositive) && (
          <Group gap="xs">
            {actions.approve && (
              <Button
                size="sm"
                color="red.8"
                leftSection={<IconLock size={16} aria-hidden />}
                onClick={() => setDialog('approve')}
              >
                {t('backofficeScreening.alerts.approve')}
              </Button>
            )}
            {actions.confirm && (
              <Button
                size="sm"
                color="red"
                variant="light"
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => setDialog('confirmed')}
              >
                {t('backofficeScreening.alerts.confirm')}
              </Button>
            )}
            {actions.falsePositive && (
              <Button
                size="sm"
                variant="default"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setDialog('false_positive')}
              >
                {t('backofficeScreening.alerts.falsePositive')}
              </Button>
            )}
          </Group>
        )}
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
