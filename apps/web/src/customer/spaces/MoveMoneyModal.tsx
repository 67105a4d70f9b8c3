import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Account } from '@comptoir/contracts';
import { cents, formatEuros, toJsonCents } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useMoveSpaceMoney } from '../../api/spaces.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { attemptFor, newIdempotencyKey, type Attempt } from '../transfers/attempt.ts';
import { parseMoveAmount } from './space-form.ts';
import { EuroInput } from '../../ui/EuroInput.tsx';

/**
 * « Alimenter » (main account → Espace) or « Retirer » (Espace → main account): an amount in euros,
 * moved at once. A retry of the same amount reuses its Idempotency-Key: the money moves once.
 */
export function MoveMoneyModal(props: {
  space: Account;
  main: Account;
  direction: 'in' | 'out';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 30em)') ?? false;
  const move = useMoveSpaceMoney();
  const { space, main, direction } = props;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const source = direction === 'in' ? main : space;
  const available = formatEuros(cents(source.availableBalance));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const amount = parseMoveAmount(text);
    if (amount === null) {
      setProblem(t('spaces.amountInvalid'));
      return;
    }
    if (amount > BigInt(source.availableBalance)) {
      setProblem(t('spaces.amountTooHigh', { available }));
      return;
    }
    setProblem(null);
    const body = { amount: toJsonCents(amount), direction };
    const next = attemptFor(attempt, body, newIdempotencyKey);
    setAttempt(next);
    move.mutate(
      { id: space.id, body, key: next.key },
      {
        onSuccess: () => {
          const key = direction === 'in' ? 'spaces.movedIn' : 'spaces.movedOut';
          notifySuccess(t(key, { amount: formatEuros(amount), name: space.name }));
          props.onClose();
        },
        onError: (error) =>
          setProblem(t('spaces.error', { detail: isApiError(error) ? error.detail : t('errors.generic') })),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t(direction === 'in' ? 'spaces.moveInTitle' : 'spaces.moveOutTitle', { name: space.name })}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={submit} noValidate data-testid="space-move-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(direction === 'in' ? 'spaces.moveInText' : 'spaces.moveOutText', { available })}
          </Text>
          <EuroInput
            label={t('spaces.amount')}
            placeholder={t('spaces.amountPlaceholder')}
            data-autofocus
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={problem !== null}
            aria-describedby={problem ? 'space-move-problem' : undefined}
          />
          {problem && (
            <Alert id="space-move-problem" color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {t('spaces.cancel')}
            </Button>
            <Button type="submit" loading={move.isPending}>
              {t('spaces.moveConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
