import { Alert, Anchor } from '@mantine/core';
import type { HeldCredit } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../format.ts';
import { useBackofficeView } from '../shell/BackofficeNav.tsx';

/** After « Retenir »: the credit is held, by when to decide, and a link to « Virements retenus ». */
export function HeldConfirmation({ held, onClose }: { held: HeldCredit; onClose: () => void }) {
  const { t } = useTranslation();
  const [, go] = useBackofficeView();
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      withCloseButton
      closeButtonLabel={t('backofficeHeldCredits.dialogs.close')}
      onClose={onClose}
      data-testid="bo-monitoring-held"
    >
      {t('backofficeHeldCredits.dialogs.heldDone', {
        amount: formatEuros(BigInt(held.amount)),
        date: formatDay(held.deadline),
      })}{' '}
      <Anchor
        href="?vue=retenus"
        inherit
        fw={600}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          go('retenus');
        }}
      >
        {t('backofficeHeldCredits.dialogs.heldLink')}
      </Anchor>
    </Alert>
  );
}
