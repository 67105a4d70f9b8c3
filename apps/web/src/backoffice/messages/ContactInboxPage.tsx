import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import { CursorPager, useCursorPages } from '../CursorPager.tsx';
import { useContactMessages, useMarkContactHandled, type InboxState } from '../../api/backoffice-admin.ts';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** « Messages de contact » (docs/product/back-office.md#elsewhere): the contact form's inbox, newest first, to handle. */
export function ContactInboxPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<InboxState>('open');
  const pages = useCursorPages();
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useContactMessages(state, pages.cursor);
  const errorText = (error: unknown) =>
    t('backoffice.errors.withDetail', {
      message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
    });

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backoffice.inbox.title')}
        </Title>
        <SegmentedControl
          aria-label={t('backoffice.inbox.filter')}
          value={state}
          onChange={(value) => {
            setState(value);
            pages.reset();
          }}
          data={[
            { value: 'open', label: t('backoffice.inbox.open') },
            { value: 'handled', label: t('backoffice.inbox.handled') },
            { value: 'all', label: t('backoffice.inbox.all') },
          ]}
        />
      </Group>
      {messages.isPending ? (
        <Center py="xl" role="status">
          <Loader size="sm" aria-label={t('backoffice.loading')} />
        </Center>
      ) : messages.isError ? (
        <Alert color="red" role="alert">
          {errorText(messages.error)}
        </Alert>
      ) : messages.data.items.length === 0 ? (
        <Text ta="center" py="xl" c="dimmed">
          {t('backoffice.inbox.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {messages.data.items.map((m) => (
            <MessageCard
              key={m.id}
              message={m}
              open={openId === m.id}
              onToggle={() => setOpenId(openId === m.id ? null : m.id)}
            />
          ))}
        </Stack>
      )}
      <CursorPager pages={pages} nextCursor={messages.data?.nextCursor} />
    </Stack>
  );
}

function MessageCard({
  message,
  open,
  onToggle,
}: {
  message: ContactMessage;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const mark = useMarkContactHandled();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="bo-contact-message"
      data-id={message.id}
    >
      <UnstyledButton onClick={onToggle} aria-expanded={open} w="100%">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {message.name} · {message.company}
            </Text>
            <Text size="sm" c="dimmed">
              {dateTime.format(new Date(message.receivedAt))}
            </Text>
          </div>
          <Badge color={message.handledAt ? 'gray' : 'blue'} variant="dot" tt="none" radius="sm">
            {message.handledAt ? t('backoffice.inbox.badgeHandled') : t('backoffice.inbox.badgeOpen')}
          </Badge>
        </Group>
        {!open && (
          <Text size="sm" lineClamp={1} mt={4}>
            {message.message}
          </Text>
        )}
      </UnstyledButton>
      {open && (
        <Stack gap="sm" mt="sm">
          <Anchor href={`mailto:${message.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {message.email}
          </Anchor>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.message}
          </Text>
          {message.handledAt ? (
            <Text size="sm" c="dimmed">
              {t('backoffice.inbox.handledAt', { at: dateTime.format(new Date(message.handledAt)) })}
            </Text>
          ) : (
            <Group>
              <Button size="sm" loading={mark.isPending} onClick={() => mark.mutate(message.id)}>
                {t('backoffice.inbox.markHandled')}
              </Button>
            </Group>
          )}
          {mark.isError && (
            <Alert color="red" role="alert">
              {t('backoffice.errors.withDetail', {
                message: isApiError(mark.error) ? mark.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
