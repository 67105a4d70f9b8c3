import { Suspense, useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { Account } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preloadable, usePreload, useSettled } from '../../ui/preloadable.tsx';
import { GoalProgress } from './GoalProgress.tsx';
import { SpaceActionsButton, spaceLink } from './space-actions-button.tsx';
import type { SpaceDialog } from './SpaceDialogs.tsx';

// The « … » menu (its dropdown's positioning code) is a chunk of its own, fetched once « Accueil » is
// shown and the browser idle: until then its button stands alone, and a click on it fetches the menu
// and opens it when it arrives. (Rendered before, the lazy menu would fetch its chunk at once.)
const { Component: SpaceCardMenu, preload } = preloadable(() =>
  import('./SpaceCardMenu.tsx').then((m) => m.SpaceCardMenu),
);

/** One Espace on « Accueil »: name, balance, goal progress, « Alimenter », « Retirer » and more. */
export function SpaceCard({ space, onOpen }: { space: Account; onOpen: (dialog: SpaceDialog) => void }) {
  const { t } = useTranslation();
  usePreload(preload);
  const settled = useSettled();
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = <SpaceActionsButton name={space.name} onClick={() => setMenuWanted(true)} />;
  return (
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      data-testid="space"
      data-space-id={space.id}
      aria-labelledby={`space-${space.id}-name`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={spaceLink(space.id)}
              id={`space-${space.id}-name`}
              fw={600}
              c="inherit"
              truncate
            >
              {space.name}
            </Anchor>
            <Text fz="xl" fw={700} data-testid="space-balance" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatEuros(cents(space.bookedBalance))}
            </Text>
          </Stack>
          {settled || menuWanted ? (
            <Suspense fallback={menuButton}>
              <SpaceCardMenu space={space} onOpen={onOpen} defaultOpened={menuWanted} />
            </Suspense>
          ) : (
            menuButton
          )}
        </Group>
        {space.goal !== null ? (
          <GoalProgress name={space.name} balance={space.bookedBalance} goal={space.goal} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('spaces.noGoal')}
          </Text>
        )}
        <Group gap="xs" grow>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconArrowDownRight aria-hidden size={16} />}
            onClick={() => onOpen({ kind: 'move', space, direction: 'in' })}
          >
            {t('spaces.moveIn')}
          </Button>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconArrowUpRight aria-hidden size={16} />}
            disabled={space.availableBalance <= 0}
            onClick={() => onOpen({ kind: 'move', space, direction: 'out' })}
          >
            {t('spaces.moveOut')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
