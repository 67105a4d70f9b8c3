import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/accounts.ts';
import { StatementsPanel } from './StatementsPanel.tsx';

/** « Relevés et attestations » on the profile: the same list as the dialog of « Accueil ». */
export function StatementsSection() {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  const main = list.find((a) => a.kind === 'main') ?? list[0];

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="statements-title"
    >
      <Stack gap="md">
        <Title id="statements-title" order={2} fz="h3">
          {t('statements.sectionTitle')}
        </Title>
        {accounts.isPending ? (
          <Skeleton height={160} radius="md" />
        ) : main ? (
          <StatementsPanel accounts={list} initialId={main.id} />
        ) : null}
      </Stack>
    </Paper>
  );
}
