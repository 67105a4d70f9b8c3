import { Button, Modal } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@comptoir/contracts';
import { useAccounts } from '../../api/accounts.ts';
import { StatementsPanel } from './StatementsPanel.tsx';

/** « Relevés » beside the operations' title on « Accueil »: the statements dialog of the shown account. */
export function StatementsButton({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const accounts = useAccounts();

  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconFileText size={18} aria-hidden />}
        onClick={open}
        aria-haspopup="dialog"
        title={t('statements.buttonLabel')}
      >
        {t('statements.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('statements.dialogTitle')}
        closeButtonProps={{ 'aria-label': t('statements.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        size="lg"
        radius="lg"
        fullScreen={phone}
        centered
      >
        <StatementsPanel accounts={accounts.data ?? [account]} initialId={account.id} />
      </Modal>
    </>
  );
}
