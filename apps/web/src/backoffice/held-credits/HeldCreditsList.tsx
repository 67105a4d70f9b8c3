import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { HeldCreditsQuery } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useHeldCredits } from '../../api/backoffice-held-credits.ts';
import { HeldCreditCard } from './HeldCreditCard.tsx';

type ListStatus = HeldCreditsQuery['status'];
const STATUSES = ['open', 'closed'] as const satisfies readonly ListStatus[];
const isStatus = (value: string): value is ListStatus => (STATUSES as readonly string[]).includes(value);

/** « À décider » (nearest deadline first) or « Décidés » (newest decision first), one card each. */
export function HeldCreditsList({
  status,
  onStatus,
  onOpenCustomer,
}: {
  status: ListStatus;
  onStatus: (status: ListStatus) => void;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const credits = useHeldCredits(status);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label={t('backofficeHeldCredits.list.filter')}
          value={status}
          onChange={(value) => {
            if (isStatus(value)) onStatus(value);
          }}
          data={STATUSES.map((value) => ({
            value,
            label: t(`backofficeHeldCredits.list.statuses.${value}`),
          }))}
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={credits.isFetching && !credits.isPending}
          onClick={() => void credits.refetch()}
        >
          {t('backofficeHeldCredits.page.refresh')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`backofficeHeldCredits.list.hint.${status}`)}
      </Text>
      {credits.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backofficeHeldCredits.list.loading')} />
        </Center>
      ) : credits.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(credits.error) ? credits.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : credits.data.items.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed" data-testid="bo-held-credits-empty">
          {t(`backofficeHeldCredits.list.empty.${status}`)}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('backofficeHeldCredits.list.label')} p={0} m={0}>
          {credits.data.items.map((credit) => (
            <HeldCreditCard key={credit.id} credit={credit} onOpenCustomer={onOpenCustomer} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
