import { Badge } from '@mantine/core';

/** A status as a coloured dot and its word; it wraps in a narrow column rather than being cut. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

export const COLLECTION_COLORS = {
  announced: 'blue',
  refused: 'orange',
  booked: 'teal',
  returned: 'red',
} as const;
export const MANDATE_COLORS = { active: 'teal', revoked: 'red', ended: 'gray' } as const;
export const CLAIM_COLORS = { pending: 'blue', accepted: 'teal', rejected: 'gray' } as const;

export function DirectDebitBadge({ color, status, label }: { color: string; status: string; label: string }) {
  return (
    <Badge
      color={color}
      variant="dot"
      tt="none"
      radius="sm"
      c="dark.7"
      data-status={status}
      styles={WRAPPING}
    >
      {label}
    </Badge>
  );
}
