import { Alert, Loader, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useScreeningStatus } from '../../api/backoffice-screening.ts';
import { formatDateTime } from '../format.ts';
import { Section } from '../Section.tsx';
import { Fact } from './Fact.tsx';

/** The screening's state: the list in force, subjects due now, the last screening, customers never screened. */
export function ScreeningStatusPanel() {
  const { t } = useTranslation();
  const status = useScreeningStatus();
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));

  return (
    <Section
      order={2}
      title={t('backofficeScreening.settings.status')}
      hint={t('backofficeScreening.settings.statusHint')}
      testId="bo-screening-status"
    >
      {status.isPending ? (
        <Loader size="sm" aria-label={t('backofficeScreening.settings.loading')} />
      ) : status.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(status.error) ? status.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label={t('backofficeScreening.settings.listInForce')} testId="bo-screening-status-list">
            {status.data.listVersion ? (
              t('backofficeScreening.settings.listValue', {
                number: status.data.listVersion.number,
                date: dateTime(status.data.listVersion.loadedAt),
                count: status.data.listVersion.entryCount,
              })
            ) : (
              <Text span c="red.8" fw={600} inherit>
                {t('backofficeScreening.settings.noList')}
              </Text>
            )}
          </Fact>
          <Fact label={t('backofficeScreening.settings.dueNow')} testId="bo-screening-status-due">
            {status.data.dueNow}
          </Fact>
          <Fact label={t('backofficeScreening.settings.lastScreenedAt')}>
            {status.data.lastScreenedAt
              ? dateTime(status.data.lastScreenedAt)
              : t('backofficeScreening.settings.none')}
          </Fact>
          <Fact label={t('backofficeScreening.settings.neverScreened')} testId="bo-screening-status-never">
            {status.data.neverScreened}
          </Fact>
        </SimpleGrid>
      )}
    </Section>
  );
}
