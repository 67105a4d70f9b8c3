import { Badge, Group } from '@mantine/core';
import { HELD_CREDIT_STATUS_LABELS, type HeldCredit } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { ScreeningBadge } from '../screening/ScreeningBadge.tsx';
import { HELD_CREDIT_COLORS } from './held-credit-text.ts';

/** « Retenu », « Libération proposée », … and, past its last day, « Échéance dépassée » in red. */
export function HeldCreditBadges({ credit }: { credit: Pick<HeldCredit, 'status' | 'overdue'> }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      {credit.overdue && (
        <Badge color="red" variant="filled" tt="none" radius="sm" data-testid="bo-held-credit-overdue">
          {t('backofficeHeldCredits.card.overdue')}
        </Badge>
      )}
      <ScreeningBadge
        color={HELD_CREDIT_COLORS[credit.status]}
        status={credit.status}
        label={HELD_CREDIT_STATUS_LABELS[credit.status]}
      />
    </Group>
  );
}
