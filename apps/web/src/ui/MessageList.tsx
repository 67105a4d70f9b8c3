import { Box, Paper, Stack, Text } from '@mantine/core';
import type { MessageDirection, SecureMessage } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A secure-message thread, oldest at the top (`items` come newest first, as the API pages them).
 * Bodies are plain text (React escapes them; line breaks kept). `own` is the reader's side.
 */
export function MessageList({ items, own }: { items: readonly SecureMessage[]; own: MessageDirection }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="message-list">
      {[...items].reverse().map((m) => {
        const mine = m.direction === own;
        const who =
          m.direction === 'customer'
            ? own === 'customer'
              ? t('messages.thread.you')
              : t('messages.thread.customer')
            : (m.author ?? t('messages.thread.bank'));
        return (
          <Box
            component="li"
            key={m.id}
            style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
          >
            <Paper
              radius="md"
              px="sm"
              py={6}
              maw="85%"
              bg={mine ? 'comptoir.0' : 'gray.1'}
              data-testid="message"
              data-direction={m.direction}
            >
              <Text size="xs" c="dimmed" fw={600}>
                {who} · {dateTime.format(new Date(m.createdAt))}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Text>
            </Paper>
          </Box>
        );
      })}
    </Stack>
  );
}
