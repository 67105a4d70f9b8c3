import { useRef, useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Beneficiary, Transfer, TransferType } from '@comptoir/contracts';
import { cents, formatEuros, formatIban, normalizeIban } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useAccounts } from '../../api/accounts.ts';
import { useBeneficiaries } from '../../api/beneficiaries.ts';
import { markShown } from '../../api/transfer-notices.ts';
import { createTransfer, useRefreshAfterTransfer } from '../../api/transfers.ts';
import { paths } from '../../app/paths.ts';
import { useStrongAuth } from '../../sca/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { attemptFor, newIdempotencyKey, type Attempt } from './attempt.ts';
import { TransferConfirmation } from './TransferConfirmation.tsx';
import { TransferProblemAlert, type Problem } from './TransferProblemAlert.tsx';
import { parisToday } from './transfer-dates.ts';
import { outcomeUnknown, refusalOf } from './transfer-errors.ts';
import {
  buildTransferRequest,
  coversAmount,
  emptyTransferForm,
  type TransferFormValues,
} from './transfer-form.ts';
import { EuroInput } from '../../ui/EuroInput.tsx';

const REFERENCE_MAX = 140;

/**
 * « Virement Instantané » (`type="instant"`) and « Virement Ponctuel » (`type="standard"`, with an
 * execution date and a monthly repetition). SPEC §5's rules in their order: the form's own fields;
 * then the server, asked without a strong-authentication token, answers an unknown beneficiary, an
 * open compliance hold or an insufficient balance before asking for one (`sca_required`); then the
 * dialog showing amount and payee; then the same request with the token. One Idempotency-Key per
 * attempt: a retry after no answer reuses it, so a transfer is never paid twice.
 */
export function TransferFormPage({ type }: { type: TransferType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = useAccounts();
  const beneficiaries = useBeneficiaries();
  const strongAuth = useStrongAuth();
  const refresh = useRefreshAfterTransfer();
  const [today] = useState(() => parisToday());
  const form = useForm<TransferFormValues>({ defaultValues: emptyTransferForm(today) });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Transfer | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const main = accounts.data?.find((account) => account.kind === 'main') ?? accounts.data?.[0];
  const list = beneficiaries.data ?? [];
  const title = t(type === 'instant' ? 'customer.pages.instantTransfer' : 'customer.pages.oneOffTransfer');
  const repeat = form.watch('repeat');
  const repeatUntil = form.watch('repeatUntil');
  const executionDate = form.watch('executionDate');

  const submit = form.handleSubmit(async (values) => {
    if (!main || sending) return;
    setProblem(null);
    const built = buildTransferRequest(values, { type, accountId: main.id, today });
    if (!built.ok) {
      setProblem(built.problem.kind === 'incomplete' ? { kind: 'incomplete' } : built.problem);
      return;
    }
    const beneficiary = list.find((b) => b.id === built.request.beneficiaryId);
    if (!beneficiary) {
      setProblem({ kind: 'unknownBeneficiary' });
      return;
    }
    attempt.current = attemptFor(attempt.current, built.request, newIdempotencyKey);
    const idempotencyKey = attempt.current.key;

    setSending(true);
    try {
      let transfer: Transfer;
      try {
        // Every rule before strong authentication is the server's too, checked in SPEC order.
        transfer = await createTransfer({ request: built.request, idempotencyKey });
      } catch (error) {
        if (!isApiError(error) || error.code !== 'sca_required') throw error;
        // A scheduled transfer reserves nothing today: the balance counts on its date.
        const movesNow = built.request.executionDate === undefined;
        const fresh = (await accounts.refetch()).data?.find((account) => account.id === main.id) ?? main;
        if (movesNow && !coversAmount(fresh.availableBalance, built.amount)) {
          setProblem({ kind: 'insufficient' });
          attempt.current = null;
          return;
        }
        const token = await strongAuth.confirm({
          action: 'transfer',
          details: {
            amount: built.request.amount,
            payeeIban: normalizeIban(beneficiary.iban),
            payeeName: beneficiary.name,
          },
          title: t('transfers.sca.title'),
          summary: <ScaSummary amount={built.request.amount} beneficiary={beneficiary} />,
        });
        if (!token) return;
        transfer = await createTransfer({ request: built.request, idempotencyKey, scaToken: token });
      }
      attempt.current = null;
      refresh();
      if (transfer.status === 'rejected') {
        markShown(transfer.number);
        setProblem({ kind: 'rejected', transfer });
        return;
      }
      if (transfer.status === 'executed') markShown(transfer.number);
      form.reset(emptyTransferForm(today));
      setSent(transfer);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!outcomeUnknown(error)) attempt.current = null;
      setProblem(refusalOf(error));
    } finally {
      setSending(false);
    }
  });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.transfers} size="sm" style={{ alignSelf: 'flex-start' }}>
        <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('transfers.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {title}
        </Title>
        <Text c="dimmed">{t(`transfers.intro.${type}`)}</Text>
      </Stack>

      {accounts.isPending || beneficiaries.isPending ? (
        <Skeleton height={360} radius="lg" aria-label={t('common.loading')} />
      ) : accounts.isError || beneficiaries.isError ? (
        <ErrorState
          message={errorDetail(accounts.error ?? beneficiaries.error, t('errors.generic'))}
          onRetry={() => void (accounts.isError ? accounts.refetch() : beneficiaries.refetch())}
          retrying={accounts.isRefetching || beneficiaries.isRefetching}
        />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={(event) => void submit(event)} noValidate data-testid="transfer-form">
            <Stack gap="md">
              {main && (
                <Text size="sm" c="dimmed" data-testid="transfer-available">
                  {t('transfers.available', { amount: formatEuros(cents(main.availableBalance)) })}
                </Text>
              )}
              <EuroInput
                label={t('transfers.form.amount')}
                description={t('transfers.form.amountDescription')}
                placeholder={t('transfers.form.amountPlaceholder')}
                size="md"
                {...form.register('amount')}
              />
              <Controller
                control={form.control}
                name="beneficiaryId"
                render={({ field }) => (
                  <Select
                    label={t('transfers.form.beneficiary')}
                    placeholder={t('transfers.form.beneficiaryPlaceholder')}
                    data={list.map((b) => ({ value: b.id, label: beneficiaryLabel(b) }))}
                    renderOption={({ option }) => (
                      <BeneficiaryOption
                        beneficiary={list.find((b) => b.id === option.value)}
                        label={option.label}
                      />
                    )}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    nothingFoundMessage={t('transfers.form.noBeneficiary')}
                    allowDeselect={false}
                    checkIconPosition="right"
                    size="md"
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
              {list.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('transfers.form.noBeneficiary')}{' '}
                  <Anchor component={Link} to={paths.transfers}>
                    {t('transfers.form.addBeneficiary')}
                  </Anchor>
                </Text>
              )}
              <Textarea
                label={t('transfers.form.reference')}
                description={t('transfers.form.referenceDescription')}
                placeholder={t('transfers.form.referencePlaceholder')}
                maxLength={REFERENCE_MAX}
                autosize
                minRows={1}
                maxRows={4}
                autoComplete="off"
                size="md"
                error={
                  problem?.kind === 'reference' ? (problem.message ?? t('transfers.errors.reference')) : null
                }
                {...form.register('reference')}
              />

              {type === 'standard' && (
                <>
                  <TextInput
                    type="date"
                    label={t('transfers.form.executionDate')}
                    description={t('transfers.form.executionDateDescription')}
                    min={today}
                    size="md"
                    {...form.register('executionDate')}
                  />
                  <Controller
                    control={form.control}
                    name="repeat"
                    render={({ field }) => (
                      <Checkbox
                        label={t('transfers.form.repeat')}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.currentTarget.checked)}
                      />
                    )}
                  />
                  {repeat && (
                    <Stack gap="sm" pl={{ base: 0, sm: 'lg' }}>
                      <Controller
                        control={form.control}
                        name="repeatUntil"
                        render={({ field }) => (
                          <Stack gap={4}>
                            <Text size="sm" fw={500} id="repeat-until-label">
                              {t('transfers.form.repeatUntil')}
                            </Text>
                            <SegmentedControl
                              aria-labelledby="repeat-until-label"
                              fullWidth
                              value={field.value}
                              onChange={(value) => field.onChange(value)}
                              data={[
                                { value: 'endDate', label: t('transfers.form.repeatUntilEndDate') },
                                { value: 'count', label: t('transfers.form.repeatUntilCount') },
                              ]}
                            />
                          </Stack>
                        )}
                      />
                      {repeatUntil === 'endDate' ? (
                        <TextInput
                          type="date"
                          label={t('transfers.form.repeatEndDate')}
                          min={executionDate || today}
                          size="md"
                          {...form.register('repeatEndDate')}
                        />
                      ) : (
                        <TextInput
                          label={t('transfers.form.repeatCount')}
                          description={t('transfers.form.repeatCountDescription')}
                          inputMode="numeric"
                          autoComplete="off"
                          size="md"
                          {...form.register('repeatCount')}
                        />
                      )}
                    </Stack>
                  )}
                </>
              )}

              <Button type="submit" size="md" loading={sending} w={{ base: '100%', sm: 'auto' }}>
                {t('transfers.form.submit')}
              </Button>
              {problem && problem.kind !== 'reference' && <TransferProblemAlert problem={problem} />}
            </Stack>
          </form>
        </Paper>
      )}

      <TransferConfirmation
        transfer={sent}
        onClose={() => void navigate(paths.transfers)}
        onAnother={() => setSent(null)}
      />
    </Stack>
  );
}

const beneficiaryLabel = (b: Beneficiary): string => (b.label ? `${b.name} (${b.label})` : b.name);

/** An option of the beneficiary list: the name (and label), the IBAN in groups of four under it. */
function BeneficiaryOption({ beneficiary, label }: { beneficiary: Beneficiary | undefined; label: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {beneficiary && (
        <Text size="xs" c="dimmed" ff="monospace">
          {formatIban(beneficiary.iban)}
        </Text>
      )}
    </Stack>
  );
}

const errorDetail = (error: unknown, fallback: string): string =>
  isApiError(error) ? error.detail : fallback;

/** What the strong-authentication dialog shows before the code: amount and payee (dynamic linking). */
function ScaSummary({ amount, beneficiary }: { amount: number; beneficiary: Beneficiary }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="transfer-sca-summary">
      <Text size="sm" c="dimmed">
        {t('transfers.sca.summary')}
      </Text>
      <Text fz={28} fw={700}>
        {formatEuros(cents(amount))}
      </Text>
      <Text fw={600}>{t('transfers.sca.to', { name: beneficiary.name })}</Text>
      <Text size="sm" c="dimmed" ff="monospace">
        {t('transfers.sca.iban', { iban: formatIban(beneficiary.iban) })}
      </Text>
    </Stack>
  );
}
