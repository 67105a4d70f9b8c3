import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  OPERATOR_ROLES,
  type OperatorLinkSent,
  type OperatorListItem,
  type OperatorRole,
  type OperatorState,
} from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import {
  useCreateOperator,
  useOperators,
  useResendInvitation,
  useResetOperatorTotp,
  useUpdateOperator,
} from '../../api/backoffice-admin.ts';
import { useOperatorState } from '../../api/backoffice-session.ts';
import { frenchIssues } from '../../ui/zod-messages.ts';
import { Section } from '../Section.tsx';
import { createOperatorForm, EMPTY_OPERATOR } from './create-operator-form.ts';

/** What the screen says after a link went out: to whom, why, and until when it works. */
interface Sent {
  kind: 'invited' | 'resent' | 'resetTotp';
  sent: OperatorLinkSent;
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

const STATE_COLOR: Record<OperatorState, string> = { invited: 'yellow', active: 'teal', disabled: 'gray' };

type Confirm =
  | { kind: 'deactivate' | 'reactivate' | 'resetTotp' | 'resend'; operator: OperatorListItem }
  | { kind: 'role'; operator: OperatorListItem; role: OperatorRole }
  | null;

function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    t('backoffice.errors.withDetail', {
      message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
    });
}

/**
 * « Opérateurs » (admin only, docs/product/back-office.md#roles): list, invite, re-send an
 * invitation, change role, deactivate, reset TOTP. The admin never sees an operator's password or
 * TOTP secret: links go to the operator's own address.
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const operators = useOperators();
  const [sent, setSent] = useState<Sent | null>(null);
  const errorText = useErrorText();

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {t('backoffice.operators.title')}
      </Title>
      <CreateOperatorForm onCreated={(created) => setSent({ kind: 'invited', sent: created })} />
      {sent && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={t('backoffice.operators.close')}
          onClose={() => setSent(null)}
          data-testid="bo-operator-link-sent"
        >
          <Text span fw={700}>
            {t(`backoffice.operators.sent.${sent.kind}`)}
          </Text>{' '}
          {t('backoffice.operators.sent.detail', {
            email: sent.sent.sentTo,
            date: dateTime(sent.sent.expiresAt),
          })}
        </Alert>
      )}
      <Section title={t('backoffice.operators.listTitle')} testId="bo-operators-list" order={2}>
        {operators.isPending ? (
          <Center py="md" role="status">
            <Loader size="sm" aria-label={t('backoffice.loading')} />
          </Center>
        ) : operators.isError ? (
          <Alert color="red" role="alert">
            {errorText(operators.error)}
          </Alert>
        ) : (
          <OperatorsTable items={operators.data.items} fetchedAt={operators.dataUpdatedAt} onSent={setSent} />
        )}
      </Section>
    </Stack>
  );
}

function CreateOperatorForm({ onCreated }: { onCreated: (sent: OperatorLinkSent) => void }) {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const errorText = useErrorText();
  const form = useForm({
    resolver: zodResolver(
      createOperatorForm(t('backoffice.operators.nameInvalid')),
      frenchIssues(t('backoffice.operators.invalid')),
    ),
    defaultValues: EMPTY_OPERATOR,
  });
  const { errors } = form.formState;
  const [email = '', name = ''] = useWatch({ control: form.control, name: ['email', 'name'] });

  const submit = form.handleSubmit((request) => {
    create.mutate(request, {
      onSuccess: (created) => {
        onCreated(created);
        // The role chosen stays for the next one.
        form.reset({ ...EMPTY_OPERATOR, role: request.role });
      },
    });
  });

  return (
    <Section
      title={t('backoffice.operators.createTitle')}
      hint={t('backoffice.operators.createHint')}
      testId="bo-operator-create"
      order={2}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label={t('backoffice.operators.email')}
              type="email"
              required
              error={errors.email?.message}
              {...form.register('email')}
              miw={220}
            />
            <TextInput
              label={t('backoffice.operators.name')}
              required
              error={errors.name?.message}
              {...form.register('name')}
              miw={220}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <NativeSelect
              label={t('backoffice.operators.role')}
              data={OPERATOR_ROLES.map((value) => ({ value, label: t(`backoffice.roles.${value}`) }))}
              error={errors.role?.message}
              {...form.register('role')}
              miw={220}
            />
          </Group>
          {create.isError && (
            <Alert color="red" role="alert">
              {errorText(create.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending} disabled={!email.trim() || !name.trim()}>
              {t('backoffice.operators.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function OperatorsTable({
  items,
  fetchedAt,
  onSent,
}: {
  items: OperatorListItem[];
  /** When the list was read: an invitation past this moment is shown expired. */
  fetchedAt: number;
  onSent: (sent: Sent) => void;
}) {
  const { t } = useTranslation();
  const me = useOperatorState().data;
  const myId = me?.stage === 'signedIn' ? me.operator.id : null;
  const update = useUpdateOperator();
  const reset = useResetOperatorTotp();
  const resend = useResendInvitation();
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [error, setError] = useState<string | null>(null);

  const run = () => {
    if (!confirm) return;
    const done = { onSettled: () => setConfirm(null), onError: (e: unknown) => setError(errorText(e)) };
    setError(null);
    const { operator } = confirm;
    if (confirm.kind === 'resetTotp' || confirm.kind === 'resend') {
      const kind = confirm.kind === 'resend' ? 'resent' : 'resetTotp';
      (confirm.kind === 'resend' ? resend : reset).mutate(operator.id, {
        ...done,
        onSuccess: (r) => onSent({ kind, sent: r }),
      });
    } else {
      const change =
        confirm.kind === 'role' ? { role: confirm.role } : { active: confirm.kind === 'reactivate' };
      update.mutate({ id: operator.id, change }, done);
    }
  };

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label={t('backoffice.operators.listTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('backoffice.operators.name')}</Table.Th>
              <Table.Th scope="col">{t('backoffice.operators.email')}</Table.Th>
              <Table.Th scope="col">{t('backoffice.operators.role')}</Table.Th>
              <Table.Th scope="col">{t('backoffice.operators.state')}</Table.Th>
              <Table.Th scope="col">{t('backoffice.operators.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((o) => (
              <Table.Tr key={o.id} data-testid="bo-operator-row" data-email={o.email}>
                <Table.Td>
                  {o.name}
                  {o.id === myId && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {t('backoffice.operators.you')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.email}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={t('backoffice.operators.roleOf', { name: o.name })}
                    value={o.role}
                    onChange={(e) =>
                      setConfirm({ kind: 'role', operator: o, role: e.currentTarget.value as OperatorRole })
                    }
                    data={OPERATOR_ROLES.map((value) => ({ value, label: t(`backoffice.roles.${value}`) }))}
                  />
                </Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[o.state]} variant="dot" tt="none" radius="sm">
                    {t(`backoffice.operators.states.${o.state}`)}
                  </Badge>
                  {o.state === 'invited' && o.invitationExpiresAt && (
                    <Text size="xs" c="dimmed" mt={4} data-testid="bo-operator-invitation">
                      {Date.parse(o.invitationExpiresAt) <= fetchedAt
                        ? t('backoffice.operators.invitationExpired')
                        : t('backoffice.operators.invitationUntil', {
                            date: dateTime(o.invitationExpiresAt),
                          })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    {o.state === 'invited' && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setConfirm({ kind: 'resend', operator: o })}
                      >
                        {t('backoffice.operators.resend')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      color={o.active ? 'red' : undefined}
                      onClick={() =>
                        setConfirm({ kind: o.active ? 'deactivate' : 'reactivate', operator: o })
                      }
                    >
                      {o.active ? t('backoffice.operators.deactivate') : t('backoffice.operators.reactivate')}
                    </Button>
                    {o.state === 'active' && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setConfirm({ kind: 'resetTotp', operator: o })}
                      >
                        {t('backoffice.operators.resetTotp')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('backoffice.operators.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('backoffice.operators.cancel') }}
        centered
      >
        {confirm && (
          <Stack gap="md">
            <Text>
              {t(`backoffice.operators.confirm.${confirm.kind}`, {
                name: confirm.operator.name,
                email: confirm.operator.email,
                role: confirm.kind === 'role' ? t(`backoffice.roles.${confirm.role}`) : '',
              })}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t('backoffice.operators.cancel')}
              </Button>
              <Button
                color={confirm.kind === 'deactivate' ? 'red' : undefined}
                loading={update.isPending || reset.isPending || resend.isPending}
                onClick={run}
              >
                {t('backoffice.operators.confirmAction')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
