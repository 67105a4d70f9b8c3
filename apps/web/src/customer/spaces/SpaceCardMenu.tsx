import { Menu, Text } from '@mantine/core';
import type { Account } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SpaceActionsButton, spaceLink } from './space-actions-button.tsx';
import type { SpaceDialog } from './SpaceDialogs.tsx';

/** An Espace's « … » menu: open it, rename it or change its goal, close it (only when empty). */
export function SpaceCardMenu({
  space,
  onOpen,
  defaultOpened,
}: {
  space: Account;
  onOpen: (dialog: SpaceDialog) => void;
  defaultOpened: boolean;
}) {
  const { t } = useTranslation();
  const empty = space.bookedBalance === 0 && space.availableBalance === 0;
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <SpaceActionsButton name={space.name} />
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
  );
}
