import { useEffect } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMarkMessagesRead, useSendMessage, useThread } from '../../api/messages.ts';
import { MessageComposer } from '../../ui/MessageComposer.tsx';
import { MessageList } from '../../ui/MessageList.tsx';
import { useCardError } from '../card/use-card-error.ts';

/**
 * « Messages » on the profile: the thread with the bank (updated live by the `message` event) and
 * the form to write. Bank messages shown here are marked read, so the navigation badge clears.
 */
export function MessagesSection() {
  const { t } = useTranslation();
  const thread = useThread();
  const send = useSendMessage();
  const markRead = useMarkMessagesRead();
  const error = useCardError();
  const pages = thread.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const unread = pages[0]?.unread ?? 0;
  const { mutate: read, isPending: reading } = markRead;

  useEffect(() => {
    if (unread > 0 && !reading) read();
  }, [unread, reading, read]);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="messages-title"
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Title id="messages-title" order={2} fz="h4">
            {t('messages.thread.title')}
          </Title>
          {unread > 0 && <Badge color="red">{t('messages.thread.unread', { count: unread })}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {t('messages.thread.intro')}
        </Text>
        {thread.hasNextPage && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => void thread.fetchNextPage()}
            loading={thread.isFetchingNextPage}
          >
            {t('messages.thread.older')}
          </Button>
        )}
        {thread.isPending ? (
          <Skeleton h={80} radius="md" />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            {t('messages.thread.empty')}
          </Text>
        ) : (
          <MessageList items={items} own="customer" />
        )}
        <MessageComposer
          label={t('messages.compose.label')}
          sending={send.isPending}
          onSend={(body) =>
            send.mutateAsync(body).then(
              () => true,
              (e: unknown) => {
                error.show(e);
                return false;
              },
            )
          }
        />
        {error.message && (
          <Text c="red.9" size="sm" role="alert">
            {t('messages.error', { message: error.message })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
