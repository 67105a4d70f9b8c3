import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ScaChallenge, ScaChallengeRequest, ScaProof } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createChallenge, passkeyProof, verifyChallenge } from '../api/sca.ts';
import { ProofForm } from './ProofForm.tsx';
import { scaFailure } from './sca-error.ts';
import { SECURITY_SECTION_PATH } from './security-anchor.ts';

const CHALLENGE_MS = 5 * 60_000;

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; challenge: ScaChallenge; error: string | null; pending: boolean }
  | { kind: 'enrolment' }
  | { kind: 'locked'; message: string }
  | { kind: 'expired' }
  | { kind: 'error'; message: string };

interface StrongAuthDialogProps {
  title: string;
  summary: React.ReactNode;
  challenge: ScaChallengeRequest;
  onDone: (token: string | null) => void;
}

/**
 * The SCA confirmation: the summary of what is approved, then the code or the passkey. The
 * challenge is made for exactly `challenge.action` and `challenge.details`; the token it yields
 * works only for a call with the same details.
 */
export function StrongAuthDialog({ title, summary, challenge: request, onDone }: StrongAuthDialogProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  // One dialog is one request (the provider keys it): later renders never make a new challenge.
  const requestRef = useRef(request);

  // Asks for the challenge; the phase is already « loading » (the first one, or set by restart).
  const load = useCallback(() => {
    createChallenge(requestRef.current).then(
      (challenge) => setPhase({ kind: 'ready', challenge, error: null, pending: false }),
      (error: unknown) => {
        const failure = scaFailure(t, error);
        if (failure.kind === 'enrolment') setPhase({ kind: 'enrolment' });
        else if (failure.kind === 'locked') setPhase({ kind: 'locked', message: failure.message });
        else
          setPhase({ kind: 'error', message: 'message' in failure ? failure.message : t('errors.generic') });
      },
    );
  }, [t]);

  useEffect(load, [load]);

  const restart = () => {
    setPhase({ kind: 'loading' });
    load();
  };

  // The challenge lives 5 minutes: past that, say so rather than refuse a right code.
  const expiresAt = phase.kind === 'ready' ? phase.challenge.expiresAt : null;
  useEffect(() => {
    if (!expiresAt) return;
    // Counted on this device's clock; one set wrong by minutes falls back to the full 5 minutes (the
    // server has the last word: it answers `sca_required` once the challenge is really over).
    const left = new Date(expiresAt).getTime() - Date.now();
    const timer = window.setTimeout(
      () => setPhase({ kind: 'expired' }),
      left > 0 && left <= CHALLENGE_MS ? left : CHALLENGE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  const prove = async (challenge: ScaChallenge, makeProof: () => Promise<ScaProof>) => {
    setPhase({ kind: 'ready', challenge, error: null, pending: true });
    try {
      const { scaToken } = await verifyChallenge(challenge.id, await makeProof());
      onDone(scaToken);
    } catch (error) {
      const failure = scaFailure(t, error);
      if (failure.kind === 'locked') setPhase({ kind: 'locked', message: failure.message });
      else if (failure.kind === 'expired') setPhase({ kind: 'expired' });
      else if (failure.kind === 'enrolment') setPhase({ kind: 'enrolment' });
      else setPhase({ kind: 'ready', challenge, error: failure.message, pending: false });
    }
  };

  const cancel = () => onDone(null);

  return (
    <Modal
      opened
      onClose={cancel}
      title={title}
      centered
      radius="lg"
      closeOnClickOutside={false}
      size="md"
      closeButtonProps={{ 'aria-label': t('sca.cancel') }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-light)" data-testid="sca-summary">
          {summary}
        </Paper>

        {phase.kind === 'loading' && (
          <Center py="md">
            <Group gap="sm">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t('sca.preparing')}
              </Text>
            </Group>
          </Center>
        )}

        {phase.kind === 'ready' && (
          <ProofForm
            methods={phase.challenge.methods}
            pending={phase.pending}
            error={phase.error}
            onCode={(code) => void prove(phase.challenge, () => Promise.resolve({ code }))}
            onPasskey={() => {
              const options = phase.challenge.passkey;
              if (options) void prove(phase.challenge, () => passkeyProof(options));
            }}
            secondary={
              <Button variant="subtle" color="gray" onClick={cancel} fullWidth>
                {t('sca.cancel')}
              </Button>
            }
          />
        )}

        {phase.kind === 'enrolment' && (
          <Stack gap="md">
            <Alert color="yellow" variant="light" role="alert">
              {t('sca.enrolmentRequired')}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="subtle" color="gray" onClick={cancel}>
                {t('sca.cancel')}
              </Button>
              <Button component={Link} to={SECURITY_SECTION_PATH} onClick={cancel}>
                {t('sca.goToProfile')}
              </Button>
            </Group>
          </Stack>
        )}

        {(phase.kind === 'locked' || phase.kind === 'error' || phase.kind === 'expired') && (
          <Stack gap="md">
            <Alert color="red" variant="light" role="alert">
              {phase.kind === 'expired' ? t('sca.expired') : phase.message}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="subtle" color="gray" onClick={cancel}>
                {t('sca.cancel')}
              </Button>
              {phase.kind !== 'locked' && <Button onClick={restart}>{t('sca.restart')}</Button>}
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
