import { Accordion, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogout, useMe } from '../api/session.ts';
import { SecuritySection } from '../sca/index.ts';
import { AdviserCard } from './messages/AdviserCard.tsx';
import { MessagesSection } from './messages/MessagesSection.tsx';
import { StatementsSection } from './statements/index.ts';
import { NotificationPreferencesSection } from './notifications/NotificationPreferencesSection.tsx';
import { LanguageRow } from './profile/LanguageRow.tsx';
import { MyDataSection } from './profile/MyDataSection.tsx';
import { MyInformationPanel } from './profile/MyInformationPanel.tsx';
import { PushSection } from './profile/PushSection.tsx';
import { SessionsSection } from './profile/SessionsSection.tsx';
import { ThirdPartyAccessSection } from './psd2/ThirdPartyAccessSection.tsx';

/**
 * Profil: identity card, « Mes informations » (read-only, with the way to edit them),
 * « Préférences et sécurité » (password, second factors, active sessions, language),
 * « Accès tiers » (the third parties given access to the accounts), « Mes données » (download them
 * all), « Mon conseiller » with the secure messages, « Déconnexion ».
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const logout = useLogout();
  const fullName = [me?.firstName, me?.lastName].filter(Boolean).join(' ');
  const initials = [me?.firstName, me?.lastName].map((part) => part?.charAt(0) ?? '').join('');

  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        {t('profile.title')}
      </Title>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group wrap="nowrap">
          <Avatar size="lg" radius="xl" color="comptoir" aria-hidden>
            {initials || '?'}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text fw={700} fz="lg" truncate>
              {fullName || me?.email}
            </Text>
            {me && (
              <Text size="sm" c="dimmed">
                {t('profile.customerNumber', { number: me.customerNumber })}
              </Text>
            )}
            <Text size="sm" c="dimmed" truncate>
              {me?.email}
            </Text>
          </Stack>
        </Group>
      </Paper>

      {/* Its two titles are the page's level-2 headings: the sections inside them start at level 3. */}
      <Accordion
        variant="separated"
        radius="lg"
        order={2}
        multiple
        defaultValue={['information', 'security']}
      >
        <Accordion.Item value="information">
          <Accordion.Control>{t('myProfile.information.title')}</Accordion.Control>
          <Accordion.Panel>{me && <MyInformationPanel me={me} />}</Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="security">
          <Accordion.Control>{t('sca.securityTitle')}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="lg">
              <Button
                component={Link}
                to="/recover-password"
                variant="light"
                justify="flex-start"
                leftSection={<IconKey size={18} aria-hidden />}
              >
                {t('profile.changePassword')}
              </Button>
              <SecuritySection />
              <SessionsSection />
              <LanguageRow />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      <StatementsSection />
      <NotificationPreferencesSection />
      <PushSection />
      <ThirdPartyAccessSection />
      <MyDataSection />
      <AdviserCard />
      <MessagesSection />

      <Button
        color="red.9"
        variant="outline"
        leftSection={<IconLogout size={18} aria-hidden />}
        loading={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) })}
      >
        {t('common.signOut')}
      </Button>
    </Stack>
  );
}
