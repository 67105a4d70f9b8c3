import type { MonitoringCaseStatus, MonitoringDecisionKind } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { ScreeningBadge } from '../screening/ScreeningBadge.tsx';
import { CASE_COLORS, caseBadge } from './monitoring-text.ts';

/** « Ouvert », « Déclaration proposée », « Clos — sans suite » or « Clos — déclaré ». */
export function CaseStatusBadge({
  status,
  decision,
}: {
  status: MonitoringCaseStatus;
  decision: MonitoringDecisionKind | null;
}) {
  const { t } = useTranslation();
  const badge = caseBadge(status, decision);
  return (
    <ScreeningBadge
      color={CASE_COLORS[badge]}
      status={badge}
      label={t(`backofficeMonitoring.badges.${badge}`)}
    />
  );
}
