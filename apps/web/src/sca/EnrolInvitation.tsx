import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SECURITY_SECTION_PATH } from './security-anchor.ts';

const DISMISSED = 'comptoir:sca-invitation-dismissed';

const wasDismissed = (): boolean => {
  try {
    return window.sessionStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
};

/**
 * « Sécurisez vos virements »: shown on the dashboard to a customer without any second factor, until
 * dismissed for this browser session; « Sécuriser mon compte » leads to the profile, where they enrol.
 */
export function EnrolInvitation() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed || pathname !== '/') return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED, '1');
    } catch {
      // Private mode without storage: dismissed until the next reload only.
    }
    setDismissed(true);
  };

  return (
    <Alert
      mb="lg"
      radius="lg"
      variant="light"
      color="comptoir"
      icon={<IconShieldLock size={22} aria-hidden />}
      title={t('sca.inviteTitle')}
      withCloseButton
      closeButtonLabel={t('sca.inviteDismiss')}
      onClose={dismiss}
      data-testid="sca-invitation"
      role="region"
      aria-label={t('sca.inviteTitle')}
    >
      <Text size="sm">{t('sca.inviteText')}</Text>
      <Group mt="sm" gap="sm">
        <Button component={Link} to={SECURITY_SECTION_PATH} size="xs">
          {t('sca.inviteAction')}
        </Button>
        <Button size="xs" variant="subtle" onClick={dismiss}>
          {t('sca.inviteDismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
