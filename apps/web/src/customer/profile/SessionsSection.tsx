import { useEffect, useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconDeviceTv,
  IconWorld,
} from '@tabler/icons-react';
import type { CustomerSessionView } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../../api/sessions.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { ListRow } from '../../ui/ListRow.tsx';
import { notifyError, notifySuccess } from '../../ui/toasts.ts';
import { browserOnOs, sessionDate, timeAgo } from './session-labels.ts';

const DEVICE_ICONS = {
  desktop: IconDeviceDesktop,
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  tv: IconDeviceTv,
  unknown: IconWorld,
} as const;

/** « il y a 3 min » moves on by itself while the page stays open. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * « Sessions actives » of « Préférences et sécurité » (docs/product/profile-and-security.md#profil): every live session of the
 * customer, this device first (« Cet appareil »), the others each with « Déconnecter » (confirmed),
 * and « Déconnecter toutes les autres sessions ». A revoked browser is signed out at once, live.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const now = useNow(30_000);
  const [asked, setAsked] = useState<CustomerSessionView | 'others' | null>(null);
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current);

  const name = (s: CustomerSessionView) => {
    const software = browserOnOs(s, (browser, os) => t('myProfile.sessions.browserOnOs', { browser, os }));
    return `${t(`myProfile.sessions.device.${s.device}`)} · ${software ?? t('myProfile.sessions.unknownBrowser')}`;
  };
  const failed = (error: unknown) =>
    notifyError(
      t('common.errorWithDetail', { detail: isApiError(error) ? error.detail : t('errors.generic') }),
    );

  const confirm = () => {
    if (asked === 'others') {
      revokeOthers.mutate(undefined, {
        onSuccess: ({ revoked }) =>
          notifySuccess(
            revoked === 0
              ? t('myProfile.sessions.revokedNone')
              : t('myProfile.sessions.revokedAll', { count: revoked }),
          ),
        onError: failed,
        onSettled: () => setAsked(null),
      });
    } else if (asked) {
      revoke.mutate(asked.id, {
        onSuccess: () => notifySuccess(t('myProfile.sessions.revoked')),
        onError: failed,
        onSettled: () => setAsked(null),
      });
    }
  };

  return (
    <Stack gap="md" data-testid="sessions">
      <div>
        <Title order={3} fz="md">
          {t('myProfile.sessions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('myProfile.sessions.intro')}
        </Text>
      </div>
      {sessions.isPending ? (
        <Loader size="sm" aria-label={t('myProfile.sessions.title')} />
      ) : sessions.isError ? (
        <ErrorState
          message={t('myProfile.sessions.loadError')}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          aria-label={t('myProfile.sessions.listLabel')}
          style={{ listStyle: 'none' }}
        >
          {items.map((s, index) => {
            const Icon = DEVICE_ICONS[s.device];
            return (
              <ListRow
                key={s.id}
                separated={index > 0}
                align="center"
                gap="sm"
                data-testid="session-item"
                data-status={s.current ? 'current' : 'other'}
              >
                <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
                  <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
                    <Icon size={20} />
                  </ThemeIcon>
                  <Stack gap={2} miw={0}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {name(s)}
                      </Text>
                      {s.current && (
                        <Badge color="teal.9" variant="filled" size="sm">
                          {t('myProfile.sessions.thisDevice')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('myProfile.sessions.lastActivity', { when: timeAgo(s.lastSeenAt, now) })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('myProfile.sessions.since', { date: sessionDate(s.createdAt) })}
                    </Text>
                  </Stack>
                </Group>
                {!s.current && (
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    style={{ flexShrink: 0 }}
                    onClick={() => setAsked(s)}
                    aria-label={t('myProfile.sessions.signOutLabel', { name: name(s) })}
                  >
                    {t('myProfile.sessions.signOut')}
                  </Button>
                )}
              </ListRow>
            );
          })}
        </Stack>
      )}
      {sessions.isSuccess &&
        (others.length === 0 ? (
          <Text size="sm">{t('myProfile.sessions.noOthers')}</Text>
        ) : (
          <Button
            variant="outline"
            color="red.9"
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            onClick={() => setAsked('others')}
          >
            {t('myProfile.sessions.signOutOthers')}
          </Button>
        ))}

      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={
          asked === 'others' ? t('myProfile.sessions.confirmAllTitle') : t('myProfile.sessions.confirmTitle')
        }
        closeButtonProps={{ 'aria-label': t('myProfile.sessions.cancel') }}
        centered
        radius="lg"
      >
        <Stack gap="md">
          <Text>
            {asked === 'others'
              ? t('myProfile.sessions.confirmAllBody')
              : asked && t('myProfile.sessions.confirmBody', { name: name(asked) })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('myProfile.sessions.cancel')}
            </Button>
            <Button color="red.8" onClick={confirm} loading={revoke.isPending || revokeOthers.isPending}>
              {t('myProfile.sessions.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
