import { useState } from 'react';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { MESSAGE_MAX_LENGTH } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';

/** Writing a secure message: plain text, 2,000 characters at most (counter), never empty. */
export function MessageComposer({
  onSend,
  sending,
  label,
}: {
  /** Resolves true when sent (the field is then emptied). */
  onSend: (body: string) => Promise<boolean>;
  sending: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const empty = body.trim().length === 0;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (empty || sending) return;
        void onSend(body).then((sent) => {
          if (sent) setBody('');
        });
      }}
    >
      <Textarea
        label={label}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value.slice(0, MESSAGE_MAX_LENGTH))}
        maxLength={MESSAGE_MAX_LENGTH}
        autosize
        minRows={3}
        maxRows={10}
        data-testid="message-input"
      />
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('messages.compose.counter', {
            count: body.length,
            max: MESSAGE_MAX_LENGTH.toLocaleString('fr-FR'),
          })}
        </Text>
        <Button
          type="submit"
          disabled={empty}
          loading={sending}
          leftSection={<IconSend size={16} aria-hidden />}
        >
          {t('messages.compose.send')}
        </Button>
      </Group>
    </form>
  );
}
