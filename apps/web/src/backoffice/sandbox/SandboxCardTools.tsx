import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Grid, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARD_CHANNELS, declineMessage, type CardChannel } from '@comptoir/contracts';
import { cardsSandboxRoutes } from '@comptoir/contracts/client';
import { formatEuros, parseEuros, toJsonCents } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { sandboxRequest } from '../../api/backoffice-session.ts';
import { Section } from '../Section.tsx';
import { EuroInput } from '../../ui/EuroInput.tsx';

type Outcome = { tone: 'ok' | 'refused' | 'error'; message: string } | null;

/** A typed euro amount as integer cents (no floats), or null when it is not a positive amount. */
function amountCents(text: string): number | null {
  const parsed = parseEuros(text);
  return parsed === null || parsed <= 0n ? null : toJsonCents(parsed);
}

/**
 * « Outils sandbox » (docs/product/back-office.md#elsewhere, sandbox mode only): the card network of the sandbox — an
 * authorisation as a merchant's terminal would send it, the clearing of an approved one, a
 * merchant's refund. Each call carries a fresh Idempotency-Key; the server checks everything.
 */
export function SandboxCardTools() {
  const { t } = useTranslation();
  const [authorizationId, setAuthorizationId] = useState('');
  return (
    <Section
      order={2}
      title={t('backoffice.sandbox.title')}
      hint={t('backoffice.sandbox.hint')}
      testId="bo-sandbox-tools"
    >
      <Stack gap="xl">
        <AuthorizationForm onApproved={setAuthorizationId} />
        <ClearingForm authorizationId={authorizationId} onAuthorizationId={setAuthorizationId} />
        <RefundForm />
      </Stack>
    </Section>
  );
}

function useOutcome() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<Outcome>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await call());
    } catch (error) {
      setOutcome({
        tone: 'error',
        message: t('backoffice.sandbox.error', {
          message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
        }),
      });
    } finally {
      setBusy(false);
    }
  };
  /** Refuses a typed amount that is not a positive euro amount before any call; else `call(cents)`. */
  const withAmount = (text: string, call: (cents: number) => Promise<Outcome>) => {
    const cents = amountCents(text);
    if (cents === null) setOutcome({ tone: 'error', message: t('backoffice.sandbox.badAmount') });
    else void run(() => call(cents));
  };
  return { outcome, busy, withAmount };
}

/** The sandbox's amount field. */
function AmountInput(props: { value: string; onChange: (value: string) => void; description?: string }) {
  const { t } = useTranslation();
  return (
    <EuroInput
      label={t('backoffice.sandbox.amount')}
      description={props.description}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      required
    />
  );
}

function PanInput(props: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('backoffice.sandbox.authorization.pan')}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      inputMode="numeric"
      autoComplete="off"
      required
    />
  );
}

function OutcomeAlert({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  return (
    <Alert
      color={outcome.tone === 'ok' ? 'teal' : 'red'}
      variant="light"
      role={outcome.tone === 'ok' ? 'status' : 'alert'}
      data-testid={testId}
      data-tone={outcome.tone}
    >
      <Text size="sm" fw={600} c={outcome.tone === 'ok' ? '#1e5f33' : 'red.9'}>
        {outcome.message}
      </Text>
    </Alert>
  );
}

function SubForm(props: { title: string; onSubmit: () => void; testId: string; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate data-testid={props.testId} aria-label={props.title}>
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {props.title}
        </Title>
        {props.children}
      </Stack>
    </form>
  );
}

function AuthorizationForm({ onApproved }: { onApproved: (id: string) => void }) {
  const { t } = useTranslation();
  const [pan, setPan] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [amount, setAmount] = useState('');
  const [merchant, setMerchant] = useState('');
  const [channel, setChannel] = useState<CardChannel>('online');
  const [agreementReference, setAgreementReference] = useState('');
  const { outcome, busy, withAmount } = useOutcome();
  const agreement = channel === 'recurring' && agreementReference.trim() ? { agreementReference } : {};

  const submit = () =>
    withAmount(amount, async (cents) => {
      const answer = await sandboxRequest(
        cardsSandboxRoutes.postSandboxCardAuthorizations,
        { pan, expiry, cvv, amount: cents, merchant, channel, ...agreement },
        crypto.randomUUID(),
      );
      if (answer.approved && answer.authorizationId) onApproved(answer.authorizationId);
      const id = answer.authorizationId ?? '';
      return answer.approved
        ? {
            tone: 'ok',
            message: answer.agreementReference
              ? t('backoffice.sandbox.approvedWithAgreement', { id, agreement: answer.agreementReference })
              : t('backoffice.sandbox.approved', { id }),
          }
        : {
            tone: 'refused',
            message: answer.reason ? declineMessage(answer.reason) : t('backoffice.sandbox.declined'),
          };
    });

  return (
    <SubForm
      title={t('backoffice.sandbox.authorization.title')}
      onSubmit={submit}
      testId="bo-card-authorization"
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PanInput value={pan} onChange={setPan} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label={t('backoffice.sandbox.authorization.expiry')}
            description={t('backoffice.sandbox.authorization.expiryFormat')}
            placeholder="MM/AA"
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
            autoComplete="off"
            required
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label={t('backoffice.sandbox.authorization.cvv')}
            description={t('backoffice.sandbox.authorization.cvvFormat')}
            value={cvv}
            onChange={(e) => setCvv(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="off"
            required
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <AmountInput value={amount} onChange={setAmount} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label={t('backoffice.sandbox.merchant')}
            value={merchant}
            onChange={(e) => setMerchant(e.currentTarget.value)}
            required
          />
        </Grid.Col>
      </Grid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="bo-card-channel">
          {t('backoffice.sandbox.authorization.channel')}
        </Text>
        <SegmentedControl
          aria-labelledby="bo-card-channel"
          value={channel}
          onChange={(value) => setChannel(value)}
          data={CARD_CHANNELS.map((id) => ({
            value: id,
            label: t(`backoffice.sandbox.authorization.channels.${id}`),
          }))}
          fullWidth
        />
      </Stack>
      {channel === 'recurring' && (
        <TextInput
          label={t('backoffice.sandbox.authorization.agreement')}
          description={t('backoffice.sandbox.authorization.agreementHint')}
          value={agreementReference}
          onChange={(e) => setAgreementReference(e.currentTarget.value)}
          autoComplete="off"
        />
      )}
      <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
        {t('backoffice.sandbox.authorization.submit')}
      </Button>
      <OutcomeAlert outcome={outcome} testId="bo-card-authorization-outcome" />
    </SubForm>
  );
}

function ClearingForm(props: { authorizationId: string; onAuthorizationId: (id: string) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const { outcome, busy, withAmount } = useOutcome();

  const submit = () =>
    withAmount(amount, async (cents) => {
      const answer = await sandboxRequest(
        cardsSandboxRoutes.postSandboxCardClearings,
        { authorizationId: props.authorizationId.trim(), amount: cents },
        crypto.randomUUID(),
      );
      return {
        tone: 'ok',
        message: t('backoffice.sandbox.clearing.done', {
          amount: formatEuros(BigInt(answer.amount)),
          number: answer.number,
        }),
      };
    });

  return (
    <SubForm title={t('backoffice.sandbox.clearing.title')} onSubmit={submit} testId="bo-card-clearing">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label={t('backoffice.sandbox.clearing.authorizationId')}
            value={props.authorizationId}
            onChange={(e) => props.onAuthorizationId(e.currentTarget.value)}
            autoComplete="off"
            required
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <AmountInput
            value={amount}
            onChange={setAmount}
            description={t('backoffice.sandbox.clearing.tolerance')}
          />
        </Grid.Col>
      </Grid>
      <Button type="submit" variant="light" loading={busy} style={{ alignSelf: 'flex-start' }}>
        {t('backoffice.sandbox.clearing.submit')}
      </Button>
      <OutcomeAlert outcome={outcome} testId="bo-card-clearing-outcome" />
    </SubForm>
  );
}

function RefundForm() {
  const { t } = useTranslation();
  const [pan, setPan] = useState('');
  const [amount, setAmount] = useState('');
  const [merchant, setMerchant] = useState('');
  const { outcome, busy, withAmount } = useOutcome();

  const submit = () =>
    withAmount(amount, async (cents) => {
      const answer = await sandboxRequest(
        cardsSandboxRoutes.postSandboxCardRefunds,
        { pan, amount: cents, merchant },
        crypto.randomUUID(),
      );
      return { tone: 'ok', message: t('backoffice.sandbox.refund.done', { number: answer.number }) };
    });

  return (
    <SubForm title={t('backoffice.sandbox.refund.title')} onSubmit={submit} testId="bo-card-refund">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PanInput value={pan} onChange={setPan} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <AmountInput value={amount} onChange={setAmount} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('backoffice.sandbox.merchant')}
            value={merchant}
            onChange={(e) => setMerchant(e.currentTarget.value)}
            required
          />
        </Grid.Col>
      </Grid>
      <Button type="submit" variant="light" loading={busy} style={{ alignSelf: 'flex-start' }}>
        {t('backoffice.sandbox.refund.submit')}
      </Button>
      <OutcomeAlert outcome={outcome} testId="bo-card-refund-outcome" />
    </SubForm>
  );
}
