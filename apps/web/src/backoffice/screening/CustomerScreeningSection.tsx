import { Alert, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useCustomerScreenings } from '../../api/backoffice-screening.ts';
import { CursorPager, useCursorPages } from '../CursorPager.tsx';
import { formatDateTime } from '../format.ts';
import { useCan } from '../permissions.ts';
import { Section } from '../Section.tsx';
import { CustomerFreezes } from './CustomerFreezes.tsx';
import { Fact } from './Fact.tsx';
import { FrozenBadge } from './FrozenBadge.tsx';
import { ScreeningHistoryTable } from './ScreeningHistoryTable.tsx';

/**
 * « Criblage » of the customer file (docs/screening.md#screening): the summary (last screening, its
 * list version, alerts open, « Avoirs gelés »), every screening of the customer and their
 * beneficiaries, paged — what a supervisor asks to see — and, for admin and compliance, the freezes.
 */
export function CustomerScreeningSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const screenings = useCustomerScreenings(customerId, pages.cursor);
  const canSeeFreezes = useCan()('freezes');

  return (
    <Section
      title={t('backofficeScreening.customer.title')}
      hint={t('backofficeScreening.customer.hint')}
      testId="bo-customer-screening"
    >
      {screenings.isPending ? (
        <Loader size="sm" aria-label={t('backofficeScreening.customer.loading')} />
      ) : screenings.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(screenings.error) ? screenings.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : (
        <Stack gap="md">
          <Stack gap="xs" data-testid="bo-customer-screening-summary">
            {screenings.data.summary.frozen && (
              <Group>
                <FrozenBadge />
              </Group>
            )}
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <Fact label={t('backofficeScreening.customer.lastScreened')}>
                {screenings.data.summary.lastScreenedAt
                  ? formatDateTime(screenings.data.summary.lastScreenedAt, t('backoffice.panel.dateFormat'))
                  : t('backofficeScreening.customer.never')}
              </Fact>
              <Fact label={t('backofficeScreening.customer.version')}>
                {screenings.data.summary.listVersionNumber !== null
                  ? t('backofficeScreening.customer.versionValue', {
                      number: screenings.data.summary.listVersionNumber,
                    })
                  : '—'}
              </Fact>
              <Fact
                label={t('backofficeScreening.customer.openAlerts')}
                testId="bo-customer-screening-open-alerts"
              >
                <Text span inherit fw={screenings.data.summary.openAlerts > 0 ? 700 : 400}>
                  {screenings.data.summary.openAlerts}
                </Text>
              </Fact>
            </SimpleGrid>
          </Stack>
          <Stack gap={6}>
            <Title order={4} fz="h5">
              {t('backofficeScreening.customer.history')}
            </Title>
            {screenings.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('backofficeScreening.customer.noScreening')}
              </Text>
            ) : (
              <>
                <ScreeningHistoryTable screenings={screenings.data.items} />
                {(pages.hasNewer || screenings.data.nextCursor) && (
                  <CursorPager pages={pages} nextCursor={screenings.data.nextCursor} />
                )}
              </>
            )}
          </Stack>
          {canSeeFreezes && <CustomerFreezes customerId={customerId} />}
        </Stack>
      )}
    </Section>
  );
}
