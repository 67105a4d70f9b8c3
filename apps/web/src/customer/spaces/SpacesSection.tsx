import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SPACES_MAX, type Account } from '@comptoir/contracts';
import { SpaceCard } from './SpaceCard.tsx';
import { LazySpaceDialogs } from './LazySpaceDialogs.tsx';
import type { SpaceDialog } from './SpaceDialogs.tsx';

/** « Mes Espaces » on « Accueil », right under the main balance card. */
export function SpacesSection({ accounts }: { accounts: readonly Account[] }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<SpaceDialog | null>(null);
  const main = accounts.find((account) => account.kind === 'main');
  const spaces = accounts.filter((account) => account.kind === 'sub');
  const full = spaces.length >= SPACES_MAX;

  return (
    <Stack component="section" gap="sm" aria-labelledby="spaces-title" data-testid="spaces">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Title id="spaces-title" order={2} fz="h3">
          {t('spaces.title')}
        </Title>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconPlus aria-hidden size={16} />}
          disabled={full || !main}
          aria-describedby={full ? 'spaces-full' : undefined}
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('spaces.create')}
        </Button>
      </Group>
      {full && (
        <Text id="spaces-full" size="sm" c="dimmed">
          {t('spaces.limitReached', { max: SPACES_MAX })}
        </Text>
      )}
      {spaces.length === 0 ? (
        <Paper withBorder radius="lg" p="md">
          <Text size="sm" c="dimmed" data-testid="spaces-empty">
            {t('spaces.empty')}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2 }}
          spacing="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {spaces.map((space) => (
            <SpaceCard key={space.id} space={space} onOpen={setDialog} />
          ))}
        </SimpleGrid>
      )}
      <LazySpaceDialogs dialog={dialog} main={main} onClose={() => setDialog(null)} />
    </Stack>
  );
}
