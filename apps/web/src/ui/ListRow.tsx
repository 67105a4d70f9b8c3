import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { formatSignedEuros, type Cents } from '@comptoir/core';

// Text colours checked for WCAG AA (≥ 4.5:1) on white.
export const DEBIT_TEXT = 'red.9';
export const CREDIT_TEXT = '#1e7a33';
export const PENDING_TEXT = '#9c3a00';

/**
 * One line of a list (« Mes opérations », the card's payments, upcoming transfers): what it is on
 * the left, the amount or an action on the right, a rule above every line but the first.
 */
export function ListRow({
  separated,
  align = 'flex-start',
  gap = 'md',
  children,
  ...data
}: {
  separated: boolean;
  align?: 'flex-start' | 'center';
  gap?: 'sm' | 'md';
  children: ReactNode;
  'data-testid': string;
  'data-status'?: string;
  'data-kind'?: string;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      align={align}
      wrap="nowrap"
      gap={gap}
      py="sm"
      {...data}
      style={separated ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
    >
      {children}
    </Group>
  );
}

/** A signed amount: red for a debit, green for a credit, struck through when it never happened. */
export function SignedAmount(props: { amount: Cents; struck: boolean; testId: string; label?: string }) {
  return (
    <Text
      fw={700}
      c={props.struck ? 'dimmed' : props.amount < 0n ? DEBIT_TEXT : CREDIT_TEXT}
      td={props.struck ? 'line-through' : undefined}
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      data-testid={props.testId}
      aria-label={props.label}
    >
      {formatSignedEuros(props.amount)}
    </Text>
  );
}
