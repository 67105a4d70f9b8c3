import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Loader,
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
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  transferScaDetails,
  type Beneficiary,
  type CreateTransferRequest,
  type Transfer,
  type TransferType,
} from '@comptoir/contracts';
import { cents, formatEuros, formatIban } from '@comptoir/core';
import { isApiError } from '../../api/api-error.ts';
import { useAccounts } from '../../api/accounts.ts';
import { useBeneficiaries } from '../../api/beneficiaries.ts';
import { markShown } from '../../api/transfer-notices.ts';
import { createTransfer, useRefreshAfterTransfer } from '../../api/transfers.ts';
import { instantTransferTimeoutSeconds } from '../../app/institution.ts';
import { paths } from '../../app/paths.ts';
import { useStrongAuth } from '../../sca/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { attemptFor, newIdempotencyKey, type Attempt } from './attempt.ts';
import { TransferConfirmation } from './TransferConfirmation.tsx';
import { TransferScaSummary } from './TransferScaSummary.tsx';
import { TransferProblemAlert, type Problem } from './TransferProblemAlert.tsx';
import { parisToday } from './transfer-dates.ts';
import { outcomeUnknown, refusalOf } from './transfer-errors.ts';
import {
  coversAmount,
  emptyTransferForm,
  formProblem,
  transferForm,
  type TransferFormValues,
} from './transfer-form.ts';
import { EuroInput } from '../../ui/EuroInput.tsx';

const REFERENCE_MAX = 140;

/**
 * « Virement Instantané » (`type="instant"`) and « Virement Ponctuel » (`type="standard"`, with an
 * execution date and a monthly repetition). The rules of docs/product/transfers.md#rules-in-this-order in their order: the form's own fields;
 * then the server, asked without a strong-authentication token, answers an unknown beneficiary, an
 * open compliance hold or an insufficient balance before asking for one (`sca_required`); then the
 * dialog showing amount, payee, date and repetition; then the same request with the token. One Idempotency-Key per
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
  const main = accounts.data?.find((account) => account.kind === 'main') ?? accounts.data?.[0];
  const form = useForm({
    resolver: zodResolver(
      transferForm(
        { type, accountId: main?.id ?? '', today },
        {
          beneficiaryId: t('transfers.fieldErrors.beneficiaryId'),
          amount: t('transfers.fieldErrors.amount'),
          executionDate: t('transfers.fieldErrors.executionDate'),
          repeatEndDate: t('transfers.fieldErrors.repeatEndDate'),
          repeatCount: t('transfers.fieldErrors.repeatCount'),
        },
      ),
    ),
    defaultValues: emptyTransferForm(today),
  });
  // Each refused field says why under itself and is marked invalid; the first one takes the focus.
  const fieldError = (field: keyof TransferFormValues): string | undefined =>
    form.formState.errors[field]?.message;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  // An instant transfer to another bank, sent with its token: the answer waits for that bank.
  const [awaitingBank, setAwaitingBank] = useState(false);
  const [sent, setSent] = useState<Transfer | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const list = beneficiaries.data ?? [];
  const title = t(type === 'instant' ? 'customer.pages.instantTransfer' : 'customer.pages.oneOffTransfer');
  const [repeat, repeatUntil, executionDate] = useWatch({
    control: form.control,
    name: ['repeat', 'repeatUntil', 'executionDate'],
  });

  // The form's own rules, then the motif's (the resolver): one problem, the fields' first.
  const refuse = (errors: FieldErrors) => {
    if (!main || sending) return;
    setProblem(
      formProblem(
        Object.entries(errors).map(([field, error]) => ({
          field,
          message: typeof error?.message === 'string' ? error.message : '',
        })),
      ),
    );
  };

  const send = async (request: CreateTransferRequest) => {
    if (!main || sending) return;
    setProblem(null);
    const built = { request, amount: cents(request.amount) };
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
        // Every rule before strong authentication is the server's too, checked in the same order.
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
        // Everything the customer agrees to — amount, payee, date and repetition — is shown and
        // approved together; the server checks the token against the same details of the order.
        const details = transferScaDetails(built.request, beneficiary, today);
        const token = await strongAuth.confirm({
          action: 'transfer',
          details,
          title: t('transfers.sca.title'),
          summary: <TransferScaSummary details={details} today={today} />,
        });
        if (!token) return;
        setAwaitingBank(type === 'instant' && !beneficiary.internal);
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
      setAwaitingBank(false);
    }
  };

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
          <form
            onSubmit={(event) => void form.handleSubmit(send, refuse)(event)}
            noValidate
            data-testid="transfer-form"
          >
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
                error={fieldError('amount')}
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
                    ref={field.ref}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={fieldError('beneficiaryId')}
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
                  {/* Inside a sentence a link is told apart by more than its colour (WCAG 1.4.1). */}
                  <Anchor component={Link} to={paths.transfers} underline="always">
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
                    error={fieldError('executionDate')}
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
                          error={fieldError('repeatEndDate')}
                          {...form.register('repeatEndDate')}
                        />
                      ) : (
                        <TextInput
                          label={t('transfers.form.repeatCount')}
                          description={t('transfers.form.repeatCountDescription')}
                          inputMode="numeric"
                          autoComplete="off"
                          size="md"
                          error={fieldError('repeatCount')}
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
              {sending && awaitingBank && <AwaitingBank />}
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

/** What an instant transfer to another bank waits for, brought into view (a phone's bottom bar). */
function AwaitingBank() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <Alert
      ref={ref}
      color="blue"
      variant="light"
      role="status"
      icon={<Loader size={18} aria-hidden />}
      data-testid="transfer-awaiting-bank"
    >
      <Text size="sm">{t('transfers.form.awaitingBank', { seconds: instantTransferTimeoutSeconds })}</Text>
    </Alert>
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
