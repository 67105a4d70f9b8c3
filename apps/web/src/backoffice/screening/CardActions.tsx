import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';

/** A long label wraps on a phone rather than being cut (« Proposer une déclaration de sou… »). */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 6 },
} as const;

/** A step an operator may take from a card. */
export interface CardAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  variant?: 'default' | 'light';
}

/**
 * The foot of a card: what this operator waits for (their own proposal, which another must
 * approve), then the steps they may take, in order (`false` for one they may not); nothing when
 * there is neither.
 */
export function CardActions({
  waiting,
  actions,
}: {
  waiting?: { text: string; testId: string } | false;
  actions: readonly (CardAction | false)[];
}) {
  const shown = actions.filter((action): action is CardAction => action !== false);
  return (
    <>
      {waiting && (
        <Text size="sm" c="dimmed" data-testid={waiting.testId}>
          {waiting.text}
        </Text>
      )}
      {shown.length > 0 && (
        <Group gap="xs">
          {shown.map((action) => (
            <Button
              key={action.label}
              size="sm"
              color={action.color}
              variant={action.variant}
              leftSection={action.icon}
              onClick={action.onClick}
              styles={WRAPPING}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
    </>
  );
}
