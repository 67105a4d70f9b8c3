import { Anchor, Avatar, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInstitution } from '../../api/institution.ts';
import { useMyAdviser } from '../../api/messages.ts';

const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** « Mon conseiller »: the adviser an operator assigned, or the institution's contact without one. */
export function AdviserCard() {
  const { t } = useTranslation();
  const adviser = useMyAdviser();
  const institution = useInstitution().data;
  const a = adviser.data?.adviser;
  const contact = a
    ? { name: a.name, email: a.email, phone: a.phone }
    : institution
      ? { name: institution.name, email: institution.emails.support, phone: institution.phone }
      : null;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="adviser-title"
    >
      <Stack gap="sm">
        <Title id="adviser-title" order={2} fz="h4">
          {t('messages.adviser.title')}
        </Title>
        {adviser.isPending ? (
          <Skeleton h={64} radius="md" />
        ) : contact ? (
          <>
            {!a && (
              <Text size="sm" c="dimmed">
                {t('messages.adviser.none')}
              </Text>
            )}
            <Group wrap="nowrap" align="flex-start">
              <Avatar radius="xl" color="comptoir" aria-hidden>
                {contact.name.charAt(0)}
              </Avatar>
              <Stack gap={4} miw={0}>
                <Text fw={700} data-testid="adviser-name">
                  {contact.name}
                </Text>
                <Anchor href={`mailto:${contact.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Group gap={6} wrap="nowrap" component="span">
                    <IconMail size={16} aria-hidden />
                    {contact.email}
                  </Group>
                </Anchor>
                {contact.phone && (
                  <Anchor href={telHref(contact.phone)} size="sm">
                    <Group gap={6} wrap="nowrap" component="span">
                      <IconPhone size={16} aria-hidden />
                      {contact.phone}
                    </Group>
                  </Anchor>
                )}
              </Stack>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
