import type { ComponentPropsWithRef } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const spaceLink = (id: string): string => `/espaces/${encodeURIComponent(id)}`;

/** The « … » button of an Espace's card: the menu's target (SpaceCardMenu), or its stand-in until it loads. */
export function SpaceActionsButton({ name, ...props }: { name: string } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label={t('spaces.actions', { name })}>
      <IconDots aria-hidden size={20} />
    </ActionIcon>
  );
}
