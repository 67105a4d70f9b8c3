import { Suspense } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@comptoir/contracts';
import { useAccounts } from '../../api/accounts.ts';
import { preloadable, usePreload } from '../../ui/preloadable.tsx';
import { useMountedOnceOpen } from '../../ui/use-mounted-once-open.ts';

// The dialog (its month select, its links) is a chunk of its own, fetched once « Accueil » is shown.
const { Component: StatementsDialog, preload } = preloadable(() =>
  import('./StatementsDialog.tsx').then((m) => m.StatementsDialog),
);

/** « Relevés » beside the operations' title on « Accueil »: the statements dialog of the shown account. */
export function StatementsButton({ account }: { account: Account }) {
  const { t } = useTranslation();
  usePreload(preload);
  const [opened, { open, close }] = useDisclosure(false);
  const mounted = useMountedOnceOpen(opened);
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
      {mounted && (
        <Suspense fallback={null}>
          <StatementsDialog
            opened={opened}
            onClose={close}
            accounts={accounts.data ?? [account]}
            initialId={account.id}
          />
        </Suspense>
      )}
    </>
  );
}
