import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconHandStop } from '@tabler/icons-react';
import type { HeldCredit, MonitoringOperation } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { HoldCreditDialog } from './HoldCreditDialog.tsx';

/** « Retenir » on an incoming credit of a case's operations, and its dialog. */
export function HoldCreditButton({
  operation,
  onHeld,
}: {
  operation: MonitoringOperation;
  onHeld: (held: HeldCredit) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconHandStop size={14} color="var(--mantine-color-orange-9)" aria-hidden />}
        aria-label={t('backofficeHeldCredits.hold.label', {
          amount: formatEuros(BigInt(operation.amount)),
          originator: operation.counterpartyName ?? t('backofficeHeldCredits.dialogs.anOriginator'),
        })}
        onClick={() => setOpened(true)}
        data-testid="bo-monitoring-hold"
      >
        {t('backofficeHeldCredits.hold.button')}
      </Button>
      {opened && <HoldCreditDialog operation={operation} onHeld={onHeld} onClose={() => setOpened(false)} />}
    </>
  );
}
