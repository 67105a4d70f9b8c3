import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CardAuthentication } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { approveCardAuthentication, refuseCardAuthentication } from '../../api/card-authentications.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { DecisionBar, useStrongAuth } from '../../sca/index.ts';
import { CardAuthenticationScaSummary } from './CardAuthenticationScaSummary.tsx';
import { formatTimeLeft, secondsLeft, siteName } from './card-authentication-view.ts';
import { useNow } from './use-now.ts';

interface CardAuthenticationDialogProps {
  authentication: CardAuthentication;
  /** The customer put it aside (« Plus tard »), or read what became of it. */
  onClose: () => void;
  /** Approved or refused here: the server's answer. */
  onDecided: (answer: CardAuthentication) => void;
}

/**
 * « Confirmer un paiement en ligne » (3-D Secure, docs/product/cards.md#3-d-secure): the amount, the
 * merchant and its site, the card, the time left. « Confirmer » asks for the second factor (the SCA
 * dialog shows the same amount and merchant) then approves; « Refuser » refuses at once. Decided on
 * another device, or expired: the dialog says so instead.
 */
export function CardAuthenticationDialog({
  authentication,
  onClose,
  onDecided,
}: CardAuthenticationDialogProps) {
  const { t } = useTranslation();
  const strongAuth = useStrongAuth();
  const queryClient = useQueryClient();
  const left = secondsLeft(authentication.expiresAt, useNow(authentication.status === 'pending'));
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Seen waiting, then decided: by another device. Opened already decided (an old link): just how.
  const [seenPending] = useState(authentication.status === 'pending');

  // Counted down here too: at zero the server expires it (and the live event says so).
  const status = authentication.status === 'pending' && left === 0 ? 'expired' : authentication.status;
  const site = siteName(authentication.merchantUrl);

  const failed = (cause: unknown) => {
    // Decided elsewhere or expired meanwhile: the list read again says which.
    if (isApiError(cause) && cause.status === 409) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cardAuthentications });
      return;
    }
    setError(isApiError(cause) ? cause.detail : t('errors.generic'));
  };

  const approve = async () => {
    setError(null);
    setConfirming(true);
    let token: string | null;
    try {
      token = await strongAuth.confirm({
        action: 'card_authentication',
        details: {
          authenticationId: authentication.id,
          amount: authentication.amount,
          merchant: authentication.merchant,
        },
        title: t('cardAuth.sca.title'),
        summary: <CardAuthenticationScaSummary authentication={authentication} />,
      });
    } finally {
      setConfirming(false);
    }
    if (!token) return;
    setBusy('approve');
    try {
      onDecided(await approveCardAuthentication(authentication.id, token));
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(null);
    }
  };

  const refuse = async () => {
    setError(null);
    setBusy('refuse');
    try {
      onDecided(await refuseCardAuthentication(authentication.id));
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(null);
    }
  };

  // While this device decides, the live event of its own decision must not read as another's.
  const decidedElsewhere = status !== 'pending' && busy === null;

  return (
    <Modal
      // Hidden while the SCA dialog asks for the code, back if the customer cancels it.
      opened={!confirming}
      onClose={onClose}
      title={t('cardAuth.dialog.title')}
      centered
      radius="lg"
      closeOnClickOutside={false}
      closeButtonProps={{
        'aria-label': t(decidedElsewhere ? 'cardAuth.dialog.close' : 'cardAuth.dialog.later'),
      }}
      data-testid="card-authentication-dialog"
    >
      <Stack gap="md" data-testid="card-authentication" data-status={status}>
        {!decidedElsewhere && (
          <Text size="sm" c="dimmed">
            {t('cardAuth.dialog.intro')}
          </Text>
        )}
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-light)">
          <Stack gap="xs">
            <Text fz={30} fw={700} lh={1.1} data-testid="card-authentication-amount">
              {formatEuros(cents(authentication.amount))}
            </Text>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} style={{ gridTemplateColumns: 'auto 1fr' }}>
              <Text size="sm" c="dimmed">
                {t('cardAuth.dialog.merchant')}
              </Text>
              <Text
                size="sm"
                fw={600}
                data-testid="card-authentication-merchant"
                style={{ overflowWrap: 'anywhere' }}
              >
                {authentication.merchant}
              </Text>
              {site && (
                <>
                  <Text size="sm" c="dimmed">
                    {t('cardAuth.dialog.site')}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {site}
                  </Text>
                </>
              )}
              <Text size="sm" c="dimmed">
                {t('cardAuth.dialog.card')}
              </Text>
              <Text size="sm">{t('cardAuth.dialog.cardValue', { last4: authentication.last4 })}</Text>
            </SimpleGrid>
          </Stack>
        </Paper>

        {decidedElsewhere ? (
          <>
            <Alert
              color={
                status === 'approved' || status === 'exempted'
                  ? 'teal'
                  : status === 'expired'
                    ? 'orange'
                    : 'red'
              }
              variant="light"
              role="status"
              data-testid="card-authentication-outcome"
            >
              <Text size="sm" fw={600}>
                {t(
                  status === 'approved'
                    ? seenPending
                      ? 'cardAuth.outcome.approvedElsewhere'
                      : 'cardAuth.outcome.approvedBefore'
                    : status === 'refused'
                      ? seenPending
                        ? 'cardAuth.outcome.refusedElsewhere'
                        : 'cardAuth.outcome.refusedBefore'
                      : status === 'exempted'
                        ? 'cardAuth.outcome.exempted'
                        : 'cardAuth.outcome.expired',
                )}
              </Text>
            </Alert>
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('cardAuth.dialog.close')}</Button>
            </Group>
          </>
        ) : (
          <>
            <Group gap={6} wrap="nowrap">
              <IconClock size={18} aria-hidden />
              <Text size="sm" role="timer" aria-live="off" data-testid="card-authentication-time-left">
                {t('cardAuth.dialog.timeLeft', { time: formatTimeLeft(left) })}
              </Text>
            </Group>
            <DecisionBar
              error={error && t('cardAuth.dialog.error', { message: error })}
              busy={busy}
              refuseLabel={t('cardAuth.dialog.refuse')}
              approveLabel={t('cardAuth.dialog.confirm')}
              onRefuse={() => void refuse()}
              onApprove={() => void approve()}
            />
          </>
        )}
      </Stack>
    </Modal>
  );
}
