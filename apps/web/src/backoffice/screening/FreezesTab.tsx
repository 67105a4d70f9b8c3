import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { AssetFreezesQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useAssetFreezes } from '../../api/backoffice-screening.ts';
import { ManagePanel } from '../customers/ManagePanel.tsx';
import { FreezeCard } from './FreezeCard.tsx';

type FreezesStatus = AssetFreezesQuery['status'];
const STATUSES = ['active', 'lifted'] as const satisfies readonly FreezesStatus[];
const isStatus = (value: string): value is FreezesStatus => (STATUSES as readonly string[]).includes(value);

/** « Gels »: the freezes and payee blocks in force (with a lifting proposed) or lifted, newest first. */
export function FreezesTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FreezesStatus>('active');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const freezes = useAssetFreezes(status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={t('backofficeScreening.freezes.filter')}
          value={status}
          onChange={(value) => {
            if (isStatus(value)) setStatus(value);
          }}
          data={STATUSES.map((value) => ({
            value,
            label: t(`backofficeScreening.freezes.statuses.${value}`),
          }))}
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={freezes.isFetching && !freezes.isPending}
          onClick={() => void freezes.refetch()}
        >
          {t('backofficeScreening.page.refresh')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('backofficeScreening.freezes.hint')}
      </Text>
      {freezes.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backofficeScreening.freezes.loading')} />
        </Center>
      ) : freezes.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(freezes.error) ? freezes.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : freezes.data.items.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed" data-testid="bo-screening-freezes-empty">
          {t(`backofficeScreening.freezes.empty.${status}`)}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('backofficeScreening.freezes.list')} p={0} m={0}>
          {freezes.data.items.map((freeze) => (
            <FreezeCard key={freeze.id} freeze={freeze} onOpenCustomer={setCustomerId} />
          ))}
        </Stack>
      )}
      {customerId && <ManagePanel customerId={customerId} onClose={() => setCustomerId(null)} />}
    </Stack>
  );
}
