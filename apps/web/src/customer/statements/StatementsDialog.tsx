import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Account } from '@comptoir/contracts';
import { StatementsPanel } from './StatementsPanel.tsx';

/** The statements dialog of « Relevés » (full screen on a phone): one account's months, its PDFs. */
export function StatementsDialog({
  opened,
  onClose,
  accounts,
  initialId,
}: {
  opened: boolean;
  onClose: () => void;
  accounts: readonly Account[];
  initialId: string;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('statements.dialogTitle')}
      closeButtonProps={{ 'aria-label': t('statements.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="lg"
      radius="lg"
      fullScreen={phone}
      centered
    >
      <StatementsPanel accounts={accounts} initialId={initialId} />
    </Modal>
  );
}
