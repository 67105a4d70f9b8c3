import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomerStatus } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { boMessageKeys, useCustomerThread, useSendBankMessage } from '../../api/backoffice-messages.ts';
import { MessageComposer } from '../../ui/MessageComposer.tsx';
import { MessageList } from '../../ui/MessageList.tsx';
import { notifySuccess } from '../../ui/toasts.ts';
import { Section } from '../Section.tsx';

/**
 * « Messages » of the manage panel: the secure thread with the customer (any role reads and writes;
 * opening it marks the customer's messages read). Refetched every 10 s while open.
 */
export function MessagesSection({ customerId, status }: { customerId: string; status: CustomerStatus }) {
  const { t } = useTranslation();
  const thread = useCustomerThread(customerId);
  const send = useSendBankMessage(customerId);
  const items = thread.data?.pages.flatMap((p) => p.items) ?? [];
  const error = send.error ?? thread.error;
  const queryClient = useQueryClient();
  const readAt = thread.dataUpdatedAt;

  // Each read marks the customer's messages read: the customers table's badge follows.
  useEffect(() => {
    if (readAt > 0) void queryClient.invalidateQueries({ queryKey: boMessageKeys.unread });
  }, [readAt, queryClient]);

  return (
    <Section title={t('boMessages.thread.title')} hint={t('boMessages.thread.hint')} testId="bo-messages">
      <Stack gap="sm">
        {thread.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void thread.fetchNextPage()}
            loading={thread.isFetchingNextPage}
          >
            {t('boMessages.thread.older')}
          </Button>
        )}
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {thread.isPending ? '…' : t('boMessages.thread.empty')}
          </Text>
        ) : (
          <MessageList items={items} own="bank" />
        )}
        {status === 'active' ? (
          <MessageComposer
            label={t('boMessages.thread.label')}
            sending={send.isPending}
            onSend={(body) =>
              send.mutateAsync(body).then(
                () => {
                  notifySuccess(t('boMessages.thread.sent'));
                  return true;
                },
                () => false,
              )
            }
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('boMessages.thread.notActive')}
          </Text>
        )}
        {error && (
          <Text c="red.9" size="sm" role="alert">
            {t('backoffice.errors.withDetail', {
              message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
            })}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
