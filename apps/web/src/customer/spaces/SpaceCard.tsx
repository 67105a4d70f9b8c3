import { ActionIcon, Anchor, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconDots } from '@tabler/icons-react';
import type { Account } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GoalProgress } from './GoalProgress.tsx';
import type { SpaceDialog } from './SpaceDialogs.tsx';

export const spaceLink = (id: string): string => `/espaces/${encodeURIComponent(id)}`;

/** One Espace on « Accueil »: name, balance, goal progress, « Alimenter », « Retirer » and more. */
export function SpaceCard({ space, onOpen }: { space: Account; onOpen: (dialog: SpaceDialog) => void }) {
  const { t } = useTranslation();
  const empty = space.bookedBalance === 0 && space.availableBalance === 0;
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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('spaces.actions', { name: space.name })}
              >
                <IconDots aria-hidden size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown maw={280}>
              <Menu.Item component={Link} to={spaceLink(space.id)}>
                {t('spaces.open')}
              </Menu.Item>
              <Menu.Item onClick={() => onOpen({ kind: 'edit', space })}>{t('spaces.edit')}</Menu.Item>
              <Menu.Item
                color="red"
                disabled={!empty}
                onClick={() => onOpen({ kind: 'close', space })}
                aria-describedby={empty ? undefined : `space-${space.id}-close-why`}
              >
                {t('spaces.close')}
              </Menu.Item>
              {!empty && (
                <Text id={`space-${space.id}-close-why`} size="xs" c="dimmed" px="sm" pb="xs">
                  {t('spaces.closeDisabled')}
                </Text>
              )}
            </Menu.Dropdown>
          </Menu>
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
