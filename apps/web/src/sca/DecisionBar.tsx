import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';

/**
 * The end of a request the customer approves with strong authentication (an online card payment, a
 * third party's access): the error of the last attempt, then « refuse » and « approve » side by
 * side, each showing its progress and disabling the other while it runs.
 */
export function DecisionBar({
  error,
  busy,
  refuseLabel,
  approveLabel,
  onRefuse,
  onApprove,
  approveDisabled = false,
}: {
  /** The last attempt's error, already worded; null: none. */
  error: string | null;
  busy: 'approve' | 'refuse' | null;
  refuseLabel: string;
  approveLabel: string;
  onRefuse: () => void;
  onApprove: () => void;
  approveDisabled?: boolean;
}) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          <Text size="sm" fw={600} c="red.9">
            {error}
          </Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" grow>
        <Button
          variant="outline"
          color="red.9"
          onClick={onRefuse}
          loading={busy === 'refuse'}
          disabled={busy === 'approve'}
        >
          {refuseLabel}
        </Button>
        <Button
          leftSection={<IconShieldCheck size={18} aria-hidden />}
          onClick={onApprove}
          loading={busy === 'approve'}
          disabled={busy === 'refuse' || approveDisabled}
        >
          {approveLabel}
        </Button>
      </Group>
    </>
  );
}
