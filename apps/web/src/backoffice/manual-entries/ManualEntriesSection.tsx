import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import {
  MANUAL_ENTRY_GL_ACCOUNTS,
  type BackofficeCustomerDetail,
  type ManualEntry,
} from '@comptoir/contracts';
import { formatEuros, formatSignedEuros, parseEuros, toJsonCents } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useOperatorState } from '../../api/backoffice-session.ts';
import {
  useCreateManualEntry,
  useDecideManualEntry,
  useManualEntries,
} from '../../api/backoffice-manual-entries.ts';
import { notifyInfo, notifySuccess } from '../../ui/toasts.ts';
import { formatDateTime } from '../format.ts';
import { Section } from '../Section.tsx';
import classes from '../contrast.module.css';
import { EuroInput } from '../../ui/EuroInput.tsx';

type GlAccount = (typeof MANUAL_ENTRY_GL_ACCOUNTS)[number];
/** Label keys (i18next reads « : » as a namespace separator, so they drop the `gl:` prefix). */
const GL_LABEL = {
  'gl:adjustments': 'backoffice.manualEntries.gl.adjustments',
  'gl:fees': 'backoffice.manualEntries.gl.fees',
} as const satisfies Record<GlAccount, string>;
const STATUS_COLOR = { pending: 'orange', posted: 'teal', refused: 'gray' } as const;
/** Why an entry waited for a second operator, in the panel's words. */
const APPROVAL_REASON_LABEL = {
  amount: 'backoffice.manualEntries.approvalReason.amount',
  cumulative_customer: 'backoffice.manualEntries.approvalReason.cumulativeCustomer',
  cumulative_operator: 'backoffice.manualEntries.approvalReason.cumulativeOperator',
} as const satisfies Record<NonNullable<ManualEntry['approvalReason']>, string>;

/**
 * « Régularisation » (docs/product/back-office.md#customers): a manual entry against a general-ledger account, never a balance
 * edit. Admin and compliance make them; above the threshold — for one entry, or for the sum of its
 * maker's entries over 24 hours — another of them approves or refuses (the server refuses the maker;
 * the screen does not offer it), and each such entry says why it waited. Support only reads.
 */
export function ManualEntriesSection({ customer }: { customer: BackofficeCustomerDetail }) {
  const { t } = useTranslation();
  const state = useOperatorState();
  const operator = state.data?.stage === 'signedIn' ? state.data.operator : null;
  const entries = useManualEntries(customer.id);
  const canAct = operator !== null && operator.role !== 'support';
  const hasAccount = customer.accounts.length > 0;
  if (!hasAccount && (entries.data?.items.length ?? 0) === 0) return null;
  const threshold = entries.data ? formatEuros(BigInt(entries.data.thresholdCents)) : '…';
  const dailyLimit = entries.data ? formatEuros(BigInt(entries.data.operatorDailyLimitCents)) : '…';

  return (
    <Section
      title={t('backoffice.manualEntries.title')}
      hint={t('backoffice.manualEntries.hint', { threshold, dailyLimit })}
      testId="bo-manual-entries"
    >
      {canAct && customer.status === 'active' && <ManualEntryForm customerId={customer.id} />}
      <Text fw={600} mt="sm">
        {t('backoffice.manualEntries.history')}
      </Text>
      {entries.data && entries.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('backoffice.manualEntries.none')}
        </Text>
      )}
      <Stack gap="xs">
        {entries.data?.items.map((entry) => (
          <EntryRow
            key={entry.id}
            entry={entry}
            customerId={customer.id}
            limits={{ threshold, dailyLimit }}
            canDecide={canAct && entry.status === 'pending' && entry.makerId !== operator.id}
            own={entry.status === 'pending' && entry.makerId === operator?.id}
          />
        ))}
      </Stack>
    </Section>
  );
}

function ManualEntryForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const create = useCreateManualEntry(customerId);
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [reason, setReason] = useState('');
  const [glAccount, setGlAccount] = useState<GlAccount>('gl:adjustments');
  const [invalid, setInvalid] = useState<string | null>(null);
  // One key per intended entry: a retry after a network error cannot post it twice.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEuros(amount);
    if (parsed === null || parsed <= 0n) return setInvalid(t('backoffice.manualEntries.badAmount'));
    if (!reason.trim()) return setInvalid(t('backoffice.manualEntries.reasonRequired'));
    setInvalid(null);
    create.mutate(
      { body: { amount: toJsonCents(parsed), direction, reason: reason.trim(), glAccount }, key },
      {
        onSuccess: (entry) => {
          if (entry.status === 'posted') notifySuccess(t('backoffice.manualEntries.success'));
          else notifyInfo(t('backoffice.manualEntries.pendingCreated'));
          setAmount('');
          setReason('');
          setKey(crypto.randomUUID());
        },
      },
    );
  };

  const error =
    invalid ??
    (create.error
      ? t('backoffice.manualEntries.error', {
          message: isApiError(create.error) ? create.error.detail : t('backoffice.errors.generic'),
        })
      : null);

  return (
    <form onSubmit={submit} noValidate data-testid="bo-manual-entry-form">
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <EuroInput
              label={t('backoffice.manualEntries.amount')}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="bo-manual-direction">
                {t('backoffice.manualEntries.direction')}
              </Text>
              <SegmentedControl
                aria-labelledby="bo-manual-direction"
                value={direction}
                onChange={(value) => setDirection(value === 'debit' ? 'debit' : 'credit')}
                data={[
                  { value: 'credit', label: t('backoffice.manualEntries.credit') },
                  { value: 'debit', label: t('backoffice.manualEntries.debit') },
                ]}
                fullWidth
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              label={t('backoffice.manualEntries.glAccount')}
              value={glAccount}
              onChange={(e) => {
                const value = MANUAL_ENTRY_GL_ACCOUNTS.find((gl) => gl === e.currentTarget.value);
                if (value) setGlAccount(value);
              }}
              data={MANUAL_ENTRY_GL_ACCOUNTS.map((gl) => ({
                value: gl,
                label: t(GL_LABEL[gl]),
              }))}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label={t('backoffice.manualEntries.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={140}
              required
            />
          </Grid.Col>
        </Grid>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="bo-manual-entry-error">
            <Text size="sm" c="red.9" fw={600}>
              {error}
            </Text>
          </Alert>
        )}
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('backoffice.manualEntries.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function EntryRow(props: {
  entry: ManualEntry;
  customerId: string;
  limits: { threshold: string; dailyLimit: string };
  canDecide: boolean;
  own: boolean;
}) {
  const { t } = useTranslation();
  const { entry } = props;
  const decide = useDecideManualEntry(props.customerId);
  const [refusing, setRefusing] = useState(false);
  const signed = BigInt(entry.amount) * (entry.direction === 'debit' ? -1n : 1n);
  const date = formatDateTime(entry.createdAt, t('backoffice.panel.dateFormat'));

  return (
    <Stack
      gap={4}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      data-testid="bo-manual-entry"
      data-status={entry.status}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatSignedEuros(signed)}
          </Text>
          <Badge variant="light" color={STATUS_COLOR[entry.status]} c="dark.8">
            {t(`backoffice.manualEntries.status.${entry.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(GL_LABEL[entry.glAccount])}
          {entry.number ? ` · ${entry.number}` : ''}
        </Text>
      </Group>
      <Text size="sm">{entry.reason}</Text>
      <Text size="xs" c="dimmed">
        {t('backoffice.manualEntries.madeBy', { email: entry.makerEmail, date })}
        {entry.checkerEmail
          ? ` · ${t('backoffice.manualEntries.checkedBy', { email: entry.checkerEmail })}`
          : ''}
      </Text>
      {entry.approvalReason && (
        <Text size="xs" c="dimmed" data-testid="bo-manual-entry-approval-reason">
          {t(APPROVAL_REASON_LABEL[entry.approvalReason], {
            ...props.limits,
            email: entry.makerEmail,
          })}
        </Text>
      )}
      {entry.refusalReason && (
        <Text size="xs" c="dimmed">
          {t('backoffice.manualEntries.refusedBecause', { reason: entry.refusalReason })}
        </Text>
      )}
      {props.own && (
        <Text size="sm" c="dimmed" data-testid="bo-manual-entry-own">
          {t('backoffice.manualEntries.ownEntry')}
        </Text>
      )}
      {props.canDecide && (
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={decide.isPending}
            onClick={() =>
              decide.mutate(
                { id: entry.id, outcome: 'approve' },
                { onSuccess: () => notifySuccess(t('backoffice.manualEntries.approved')) },
              )
            }
          >
            {t('backoffice.manualEntries.approve')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => setRefusing(true)}
          >
            {t('backoffice.manualEntries.refuse')}
          </Button>
        </Group>
      )}
      {decide.error && !refusing && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="red.9">
            {t('backoffice.manualEntries.decisionError', {
              message: isApiError(decide.error) ? decide.error.detail : t('backoffice.errors.generic'),
            })}
          </Text>
        </Alert>
      )}
      {refusing && (
        <RefuseDialog
          onClose={() => setRefusing(false)}
          busy={decide.isPending}
          onRefuse={(reason) =>
            decide.mutate(
              { id: entry.id, outcome: 'refuse', reason },
              {
                onSuccess: () => {
                  notifySuccess(t('backoffice.manualEntries.refused'));
                  setRefusing(false);
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}

function RefuseDialog(props: { onClose: () => void; onRefuse: (reason: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('backoffice.manualEntries.refuseTitle')}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
    >
      <Stack gap="md">
        <Textarea
          label={t('backoffice.manualEntries.refuseReason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('backoffice.manualEntries.cancel')}
          </Button>
          <Button color="red" loading={props.busy} onClick={() => props.onRefuse(reason.trim())}>
            {t('backoffice.manualEntries.refuse')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
