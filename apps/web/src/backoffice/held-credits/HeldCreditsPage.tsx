import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import type { HeldCreditsQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { ManagePanel } from '../customers/ManagePanel.tsx';
import { HeldCreditsList } from './HeldCreditsList.tsx';

/**
 * « Virements retenus » (docs/held-credits.md, admin and compliance): the incoming credits held on
 * the suspense account, to decide (nearest deadline first) or decided, each released or returned
 * under four eyes; a customer's file opens over the list.
 */
export function HeldCreditsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<HeldCreditsQuery['status']>('open');
  const [customerId, setCustomerId] = useState<string | null>(null);

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backofficeHeldCredits.page.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backofficeHeldCredits.page.hint')}
        </Text>
      </Stack>
      <HeldCreditsList status={status} onStatus={setStatus} onOpenCustomer={setCustomerId} />
      {customerId && <ManagePanel customerId={customerId} onClose={() => setCustomerId(null)} />}
    </Stack>
  );
}
