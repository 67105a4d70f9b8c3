import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useCustomerFreezes } from '../../api/backoffice-screening.ts';
import { FreezeCard } from './FreezeCard.tsx';

/** « Gels » of the customer file: every freeze and payee block of the customer, newest first, with their lifting. */
export function CustomerFreezes({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const freezes = useCustomerFreezes(customerId);
  return (
    <Stack gap={6} data-testid="bo-customer-freezes">
      <Title order={4} fz="h5">
        {t('backofficeScreening.customer.freezes')}
      </Title>
      {freezes.isPending ? (
        <Loader size="sm" aria-label={t('backofficeScreening.freezes.loading')} />
      ) : freezes.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(freezes.error) ? freezes.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : freezes.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backofficeScreening.customer.noFreeze')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('backofficeScreening.freezes.list')} p={0} m={0}>
          {freezes.data.items.map((freeze) => (
            <FreezeCard key={freeze.id} freeze={freeze} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
