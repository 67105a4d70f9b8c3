import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Grid, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { declineMessage, type ThreeDsAuthenticationStatus } from '@comptoir/contracts';
import { cardAuthenticationsRoutes, cardsSandboxRoutes } from '@comptoir/contracts/client';
import { cents, formatEuros, parseEuros, toJsonCents } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { boCall, sandboxRequest } from '../../api/backoffice-session.ts';
import { EuroInput } from '../../ui/EuroInput.tsx';
import { Section } from '../Section.tsx';

/** How often the merchant asks where a challenge stands. */
const POLL_MS = 2_000;

type Step =
  | { kind: 'idle' }
  | { kind: 'authenticating' }
  | { kind: 'waiting' }
  | { kind: 'authorizing'; frictionless: boolean }
  | { kind: 'done'; tone: 'ok' | 'refused' | 'error'; message: string; detail?: string };

interface Order {
  pan: string;
  expiry: string;
  cvv: string;
  amount: number;
  merchant: string;
  merchantUrl: string;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(new DOMException('stopped', 'AbortError'));
    });
  });

/**
 * « Boutique de test » (sandbox mode only, docs/product/cards.md#3-d-secure): the operator plays a
 * merchant's site. The payment asks 3-D Secure first — frictionless under the low-value exemption,
 * or a challenge the customer answers in the app (polled every 2 s) — then the authorisation with
 * the authentication value, as a real merchant's payment provider would.
 */
export function TestShopPage() {
  const { t } = useTranslation();
  const [pan, setPan] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [amount, setAmount] = useState('');
  const [merchant, setMerchant] = useState('');
  const [merchantUrl, setMerchantUrl] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops the polling.
  useEffect(() => () => running.current?.abort(), []);

  const authorize = async (order: Order, authenticationValue: string | undefined) => {
    const answer = await sandboxRequest(
      cardsSandboxRoutes.postSandboxCardAuthorizations,
      {
        pan: order.pan,
        expiry: order.expiry,
        cvv: order.cvv,
        amount: order.amount,
        merchant: order.merchant,
        channel: 'online',
        ...(authenticationValue ? { authenticationValue } : {}),
      },
      crypto.randomUUID(),
    );
    if (answer.approved)
      return setStep({
        kind: 'done',
        tone: 'ok',
        message: t('testShop.outcome.accepted'),
        detail: t('testShop.outcome.acceptedDetail', {
          id: answer.authorizationId ?? '',
          amount: formatEuros(cents(order.amount)),
          merchant: order.merchant,
        }),
      });
    setStep({
      kind: 'done',
      tone: 'refused',
      message: answer.reason ? declineMessage(answer.reason) : t('backoffice.sandbox.declined'),
    });
  };

  /** A challenge: asked again every 2 s until the customer answers or the 10 minutes are over. */
  const waitForCustomer = async (id: string, signal: AbortSignal): Promise<ThreeDsAuthenticationStatus> => {
    for (;;) {
      await sleep(POLL_MS, signal);
      const status = await boCall(cardAuthenticationsRoutes.getSandbox3dsAuthenticationsById, {
        params: { id },
        signal,
      });
      if (status.status !== 'pending') return status;
    }
  };

  const pay = async (order: Order) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setStep({ kind: 'authenticating' });
    try {
      const created = await sandboxRequest(
        cardAuthenticationsRoutes.postSandbox3dsAuthentications,
        {
          pan: order.pan,
          expiry: order.expiry,
          amount: order.amount,
          merchant: order.merchant,
          ...(order.merchantUrl ? { merchantUrl: order.merchantUrl } : {}),
        },
        crypto.randomUUID(),
      );
      if (created.status === 'rejected') return setStep(rejected(created.reason));
      if (created.status === 'frictionless') {
        setStep({ kind: 'authorizing', frictionless: true });
        return await authorize(order, created.authenticationValue);
      }
      setStep({ kind: 'waiting' });
      const outcome = await waitForCustomer(created.id, controller.signal);
      if (outcome.status === 'authenticated') {
        setStep({ kind: 'authorizing', frictionless: false });
        return await authorize(order, outcome.authenticationValue);
      }
      if (outcome.status === 'expired')
        return setStep({ kind: 'done', tone: 'refused', message: t('testShop.outcome.expired') });
      setStep(rejected(outcome.reason));
    } catch (error) {
      if (controller.signal.aborted) return;
      setStep({
        kind: 'done',
        tone: 'error',
        message: t('testShop.outcome.error', {
          message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
        }),
      });
    }
  };

  const rejected = (reason: ThreeDsAuthenticationStatus['reason']): Step => ({
    kind: 'done',
    tone: 'refused',
    message: reason ? declineMessage(reason) : t('testShop.outcome.rejected'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEuros(amount);
    if (parsed === null || parsed <= 0n)
      return setStep({ kind: 'done', tone: 'error', message: t('testShop.badAmount') });
    void pay({
      pan,
      expiry,
      cvv,
      amount: toJsonCents(parsed),
      merchant,
      merchantUrl: merchantUrl.trim(),
    });
  };

  const busy = step.kind === 'authenticating' || step.kind === 'waiting' || step.kind === 'authorizing';

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {t('testShop.title')}
      </Title>
      <Section order={2} title={t('testShop.sectionTitle')} hint={t('testShop.hint')} testId="bo-test-shop">
        <form onSubmit={submit} noValidate aria-label={t('testShop.title')}>
          <Stack gap="md">
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t('testShop.pan')}
                  description={t('testShop.panFormat')}
                  value={pan}
                  onChange={(e) => setPan(e.currentTarget.value)}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  disabled={busy}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <TextInput
                  label={t('testShop.expiry')}
                  description={t('testShop.expiryFormat')}
                  placeholder="MM/AA"
                  value={expiry}
                  onChange={(e) => setExpiry(e.currentTarget.value)}
                  autoComplete="off"
                  required
                  disabled={busy}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <TextInput
                  label={t('testShop.cvv')}
                  description={t('testShop.cvvFormat')}
                  value={cvv}
                  onChange={(e) => setCvv(e.currentTarget.value)}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  disabled={busy}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <EuroInput
                  label={t('testShop.amount')}
                  value={amount}
                  onChange={(e) => setAmount(e.currentTarget.value)}
                  required
                  disabled={busy}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label={t('testShop.merchant')}
                  value={merchant}
                  onChange={(e) => setMerchant(e.currentTarget.value)}
                  required
                  disabled={busy}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput
                  label={t('testShop.merchantUrl')}
                  placeholder="https://boutique.example"
                  value={merchantUrl}
                  onChange={(e) => setMerchantUrl(e.currentTarget.value)}
                  type="url"
                  autoComplete="off"
                  disabled={busy}
                />
              </Grid.Col>
            </Grid>
            <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
              {t('testShop.pay')}
            </Button>
            <StepStatus step={step} />
          </Stack>
        </form>
      </Section>
    </Stack>
  );
}

function StepStatus({ step }: { step: Step }) {
  const { t } = useTranslation();
  if (step.kind === 'idle') return null;
  if (step.kind === 'done')
    return (
      <Alert
        color={step.tone === 'ok' ? 'teal' : 'red'}
        variant="light"
        role={step.tone === 'ok' ? 'status' : 'alert'}
        data-testid="bo-test-shop-outcome"
        data-tone={step.tone}
      >
        <Text fw={700} c={step.tone === 'ok' ? '#1e5f33' : 'red.9'}>
          {step.message}
        </Text>
        {step.detail && (
          <Text size="sm" mt={4}>
            {step.detail}
          </Text>
        )}
      </Alert>
    );
  return (
    <Alert
      color="blue"
      variant="light"
      role="status"
      data-testid="bo-test-shop-progress"
      data-step={step.kind}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Loader size="sm" />
        <Stack gap={4}>
          <Text fw={600}>
            {t(
              step.kind === 'waiting'
                ? 'testShop.steps.waiting'
                : step.kind === 'authorizing'
                  ? 'testShop.steps.authorizing'
                  : 'testShop.steps.authenticating',
            )}
          </Text>
          {step.kind === 'waiting' && <Text size="sm">{t('testShop.steps.waitingHint')}</Text>}
          {step.kind === 'authorizing' && step.frictionless && (
            <Text size="sm">{t('testShop.steps.frictionless')}</Text>
          )}
        </Stack>
      </Group>
    </Alert>
  );
}
