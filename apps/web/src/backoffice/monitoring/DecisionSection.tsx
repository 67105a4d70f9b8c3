import { useState } from 'react';
import { Stack } from '@mantine/core';
import { IconFlag, IconLock, IconX } from '@tabler/icons-react';
import type { MonitoringCase } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { CardActions } from '../screening/CardActions.tsx';
import { StepRecord } from '../screening/StepRecord.tsx';
import { useOperatorId } from '../screening/use-operator-id.ts';
import { Section } from '../Section.tsx';
import { ApproveReportDialog } from './ApproveReportDialog.tsx';
import { CaseDecisionDialog } from './CaseDecisionDialog.tsx';
import { caseActions, operatorName } from './monitoring-text.ts';
import { ReportLinks } from './ReportLinks.tsx';

type Dialog = 'no_suspicion' | 'report' | 'approve' | null;

/**
 * The case's decision: the proposal and the decision already taken, with who and when and their
 * notes, the report's files once made, and the steps this operator may take (four eyes).
 */
export function DecisionSection({
  monitoringCase: c,
  name,
}: {
  monitoringCase: MonitoringCase;
  name: string;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = caseActions(c, useOperatorId());
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  const hint = t(`backofficeMonitoring.decision.hint.${c.status}`);

  return (
    <Section title={t('backofficeMonitoring.decision.title')} hint={hint} testId="bo-monitoring-decision">
      <Stack gap="sm">
        {c.proposal && (
          <StepRecord
            testId="bo-monitoring-proposal"
            line={t('backofficeMonitoring.decision.proposed', {
              date: dateTime(c.proposal.at),
              name: operatorName(c.proposal.by),
            })}
            note={t('backofficeMonitoring.decision.narrative', { note: c.proposal.note })}
          />
        )}
        {c.decision && (
          <StepRecord
            testId="bo-monitoring-decided"
            line={t(`backofficeMonitoring.decision.decided.${c.decision.kind}`, {
              date: dateTime(c.decision.at),
              name: operatorName(c.decision.by),
            })}
            note={
              c.decision.note ? t('backofficeMonitoring.decision.note', { note: c.decision.note }) : undefined
            }
          />
        )}
        {c.reported && <ReportLinks caseId={c.id} />}
        <CardActions
          waiting={
            actions.ownProposal && {
              text: t('backofficeMonitoring.decision.ownProposal'),
              testId: 'bo-monitoring-own-proposal',
            }
          }
          actions={[
            actions.approve && {
              label: t('backofficeMonitoring.decision.approve'),
              icon: <IconLock size={16} aria-hidden />,
              color: 'red.8',
              onClick: () => setDialog('approve'),
            },
            actions.report && {
              label: t('backofficeMonitoring.decision.report'),
              icon: <IconFlag size={16} aria-hidden />,
              color: 'red',
              variant: 'light',
              onClick: () => setDialog('report'),
            },
            actions.noSuspicion && {
              label: t('backofficeMonitoring.decision.noSuspicion'),
              icon: <IconX size={16} aria-hidden />,
              variant: 'default',
              onClick: () => setDialog('no_suspicion'),
            },
          ]}
        />
      </Stack>
      {(dialog === 'no_suspicion' || dialog === 'report') && (
        <CaseDecisionDialog
          monitoringCase={c}
          decision={dialog}
          name={name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'approve' && (
        <ApproveReportDialog monitoringCase={c} name={name} onClose={() => setDialog(null)} />
      )}
    </Section>
  );
}
