import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ribPdfPath } from '@comptoir/contracts';
import { formatIban, normalizeIban } from '@comptoir/core';
import { isApiError } from '../api/api-error.ts';
import { useAccounts } from '../api/accounts.ts';
import { useInstitution } from '../api/institution.ts';
import { useMe } from '../api/session.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { RibRow } from './RibRow.tsx';

/** Rib: the main account's bank details, each one copyable, and the RIB as a PDF. */
export function RibPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const accounts = useAccounts();
  const institution = useInstitution();
  const main = accounts.data?.find((account) => account.kind === 'main') ?? accounts.data?.[0];

  const holder = [me?.firstName, me?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const iban = main?.iban ? normalizeIban(main.iban) : '';
  const bank = institution.data;
  const address = bank
    ? [bank.address.street, `${bank.address.postalCode} ${bank.address.city}`, bank.address.country]
    : [];

  const failed = accounts.isError ? accounts : institution.isError ? institution : null;

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('customer.pages.rib')}
        </Title>
        <Text c="dimmed">{t('rib.intro')}</Text>
      </Stack>

      {accounts.isPending || institution.isPending ? (
        <Skeleton height={380} radius="lg" aria-label={t('common.loading')} />
      ) : failed ? (
        <ErrorState
          message={isApiError(failed.error) ? failed.error.detail : t('errors.generic')}
          onRetry={() => void failed.refetch()}
          retrying={failed.isRefetching}
        />
      ) : !main ? (
        <Paper withBorder radius="lg" p="lg">
          <Text c="dimmed">{t('rib.noAccount')}</Text>
        </Paper>
      ) : (
        <>
          <Paper
            component="section"
            aria-labelledby="rib-card-title"
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'xl' }}
            data-testid="rib-card"
          >
            <Group gap="sm" wrap="nowrap" mb="xs">
              <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
                <IconBuildingBank size={22} />
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <Title id="rib-card-title" order={2} fz="h4">
                  {t('rib.cardTitle')}
                </Title>
                <Text size="sm" c="dimmed" truncate>
                  {main.kind === 'main' ? t('balance.mainAccount') : main.name}
                </Text>
              </Stack>
            </Group>
            <Stack component="dl" gap={0} m={0}>
              <RibRow
                testId="rib-holder"
                label={t('rib.fields.holder')}
                lines={[holder]}
                copyLabel={t('rib.copyButton.holder')}
              />
              <RibRow
                divided
                testId="rib-iban"
                label={t('rib.fields.iban')}
                lines={iban ? [formatIban(iban)] : []}
                copyValue={iban}
                copyLabel={t('rib.copyButton.iban')}
                monospace
              />
              <RibRow
                divided
                testId="rib-bic"
                label={t('rib.fields.bic')}
                lines={[main.bic || bank?.bic || '']}
                copyLabel={t('rib.copyButton.bic')}
                monospace
              />
              <RibRow
                divided
                testId="rib-bank"
                label={t('rib.fields.bank')}
                lines={[bank?.name ?? '']}
                copyLabel={t('rib.copyButton.bank')}
              />
              <RibRow
                divided
                testId="rib-bank-address"
                label={t('rib.fields.bankAddress')}
                lines={address}
                copyLabel={t('rib.copyButton.bankAddress')}
              />
            </Stack>
          </Paper>

          <Alert variant="light" color="comptoir" icon={<IconInfoCircle aria-hidden />} radius="lg">
            {t('rib.noReferenceNeeded')}
          </Alert>

          {iban ? (
            <Button
              component="a"
              href={ribPdfPath(main.id)}
              download
              size="md"
              leftSection={<IconDownload size={20} aria-hidden />}
              w={{ base: '100%', sm: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('rib.download')}
            </Button>
          ) : (
            <Text c="dimmed">{t('rib.noIban')}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
