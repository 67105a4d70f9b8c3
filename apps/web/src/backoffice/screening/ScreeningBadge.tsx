import { Badge } from '@mantine/core';

/** A state as a coloured dot and its word; it wraps in a narrow column rather than being cut. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

export const ALERT_COLORS = {
  open: 'orange',
  confirmation_proposed: 'grape',
  false_positive: 'gray',
  confirmed: 'red',
} as const;
export const FREEZE_COLORS = { active: 'red', lift_proposed: 'orange', lifted: 'gray' } as const;

export function ScreeningBadge({ color, status, label }: { color: string; status: string; label: string }) {
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
