import { useState } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';

export interface AcceptOrRejectLabels {
  accept: string;
  reject: string;
  rejectReason: string;
  confirmReject: string;
  cancel: string;
}

/**
 * An operator's decision on something a customer sent: accept at once, or reject with a reason
 * (required, kept and shown to the customer). The reject form opens in place.
 */
export function AcceptOrReject({
  labels,
  acceptColor,
  accepting,
  rejectingNow,
  onAccept,
  onReject,
}: {
  labels: AcceptOrRejectLabels;
  acceptColor?: string;
  accepting: boolean;
  rejectingNow: boolean;
  onAccept: () => void;
  onReject: (reason: string) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button size="xs" color={acceptColor} loading={accepting} onClick={onAccept}>
          {labels.accept}
        </Button>
        {!rejecting && (
          <Button size="xs" variant="default" color="red" onClick={() => setRejecting(true)}>
            {labels.reject}
          </Button>
        )}
      </Group>
      {rejecting && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onReject(reason.trim());
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={labels.rejectReason}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={1000}
              autosize
              minRows={2}
              required
            />
            <Group gap="xs">
              <Button
                type="submit"
                size="xs"
                color="red"
                loading={rejectingNow}
                disabled={reason.trim() === ''}
              >
                {labels.confirmReject}
              </Button>
              <Button size="xs" variant="default" onClick={() => setRejecting(false)}>
                {labels.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
