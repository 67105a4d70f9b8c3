import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Grid, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { sandboxRailRoutes, sandboxRoutes } from '@comptoir/contracts/client';
import { parseEuros, toJsonCents } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { sandboxQuery, sandboxRequest } from '../../api/backoffice-session.ts';
import { Section } from '../Section.tsx';
import { EuroInput } from '../../ui/EuroInput.tsx';

type Outcome = { ok: boolean; message: string } | null;

/**
 * The sandbox's payment rails (docs/product/back-office.md#elsewhere, sandbox mode only, admin and compliance): an incoming SEPA
 * transfer to one of our IBANs, and the rail's test IBANs — an instant transfer to one of them is
 * rejected with the reason code shown (the rail decides by IBAN, so nothing needs arming).
 */
export function SandboxTransferTools() {
  const { t } = useTranslation();
  return (
    <Box mt="lg">
      <Section
        order={2}
        title={t('backoffice.sandboxTransfers.title')}
        hint={t('backoffice.sandboxTransfers.hint')}
        testId="bo-sandbox-transfers"
      >
        <Stack gap="xl">
          <IncomingTransferForm />
          <RailRejections />
        </Stack>
      </Section>
    </Box>
  );
}

function IncomingTransferForm() {
  const { t } = useTranslation();
  const [iban, setIban] = useState('');
  const [amount, setAmount] = useState('');
  const [debtorName, setDebtorName] = useState('');
  const [debtorIban, setDebtorIban] = useState('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEuros(amount);
    if (parsed === null || parsed <= 0n) {
      setOutcome({ ok: false, message: t('backoffice.sandbox.badAmount') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await sandboxRequest(
        sandboxRoutes.postSandboxIncomingTransfers,
        { iban, amount: toJsonCents(parsed), debtorName, debtorIban, reference },
        crypto.randomUUID(),
      );
      setOutcome({
        ok: true,
        message: t('backoffice.sandboxTransfers.incoming.done', { number: answer.number }),
      });
    } catch (error) {
      setOutcome({
        ok: false,
        message: t('backoffice.sandbox.error', {
          message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
        }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="bo-incoming-transfer"
      aria-label={t('backoffice.sandboxTransfers.incoming.title')}
    >
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('backoffice.sandboxTransfers.incoming.title')}
        </Title>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={t('backoffice.sandboxTransfers.incoming.iban')}
              value={iban}
              onChange={(e) => setIban(e.currentTarget.value)}
              autoComplete="off"
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <EuroInput
              label={t('backoffice.sandbox.amount')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('backoffice.sandboxTransfers.incoming.debtorName')}
              value={debtorName}
              onChange={(e) => setDebtorName(e.currentTarget.value)}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('backoffice.sandboxTransfers.incoming.debtorIban')}
              value={debtorIban}
              onChange={(e) => setDebtorIban(e.currentTarget.value)}
              autoComplete="off"
              required
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label={t('backoffice.sandboxTransfers.incoming.reference')}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              maxLength={140}
            />
          </Grid.Col>
        </Grid>
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('backoffice.sandboxTransfers.incoming.submit')}
        </Button>
        {outcome && (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            variant="light"
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="bo-incoming-transfer-outcome"
          >
            <Text size="sm" fw={600} c={outcome.ok ? '#1e5f33' : 'red.9'}>
              {outcome.message}
            </Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function RailRejections() {
  const { t } = useTranslation();
  const ibans = useQuery({
    queryKey: ['backoffice', 'sandbox', 'rail-test-ibans'],
    queryFn: ({ signal }) => sandboxQuery(sandboxRailRoutes.getSandboxRailTestIbans, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <Stack gap="sm" data-testid="bo-rail-rejections">
      <Title order={3} fz="h5">
        {t('backoffice.sandboxTransfers.rejection.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('backoffice.sandboxTransfers.rejection.hint')}
      </Text>
      {ibans.isPending ? (
        <Loader size="sm" aria-label={t('backoffice.sandboxTransfers.rejection.loading')} />
      ) : ibans.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.sandbox.error', {
            message: isApiError(ibans.error) ? ibans.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backoffice.sandboxTransfers.rejection.iban')}</Table.Th>
                <Table.Th>{t('backoffice.sandboxTransfers.rejection.holder')}</Table.Th>
                <Table.Th>{t('backoffice.sandboxTransfers.rejection.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ibans.data.map((row) => (
                <Table.Tr key={row.iban}>
                  <Table.Td ff="monospace">{row.iban}</Table.Td>
                  <Table.Td>{row.holderName}</Table.Td>
                  <Table.Td>{row.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
