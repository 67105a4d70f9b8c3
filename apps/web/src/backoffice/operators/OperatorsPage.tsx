import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorListItem, type OperatorRole } from '@comptoir/contracts';
import { isApiError } from '../../api/api-error.ts';
import { NewPasswordField } from '../../auth/fields/index.ts';
import {
  useCreateOperator,
  useOperators,
  useResetOperatorTotp,
  useUpdateOperator,
} from '../../api/backoffice-admin.ts';
import { useOperatorState } from '../../api/backoffice-session.ts';
import { frenchIssues } from '../../ui/zod-messages.ts';
import { Section } from '../Section.tsx';
import { createOperatorForm, EMPTY_OPERATOR } from './create-operator-form.ts';

/** What the operator receives once: the TOTP secret (QR and text) and a generated password. */
interface Secrets {
  title: string;
  email: string;
  otpauthUri: string;
  totpSecret: string;
  password?: string | undefined;
}

type Confirm =
  | { kind: 'deactivate' | 'reactivate' | 'resetTotp'; operator: OperatorListItem }
  | { kind: 'role'; operator: OperatorListItem; role: OperatorRole }
  | null;

function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    t('backoffice.errors.withDetail', {
      message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
    });
}

/** « Opérateurs » (admin only, docs/product/back-office.md#roles): list, create, change role, deactivate, reset TOTP. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const operators = useOperators();
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const errorText = useErrorText();

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {t('backoffice.operators.title')}
      </Title>
      <CreateOperatorForm onCreated={setSecrets} />
      <Section title={t('backoffice.operators.listTitle')} testId="bo-operators-list">
        {operators.isPending ? (
          <Center py="md" role="status">
            <Loader size="sm" aria-label={t('backoffice.loading')} />
          </Center>
        ) : operators.isError ? (
          <Alert color="red" role="alert">
            {errorText(operators.error)}
          </Alert>
        ) : (
          <OperatorsTable items={operators.data.items} onSecrets={setSecrets} />
        )}
      </Section>
      <SecretsDialog secrets={secrets} onClose={() => setSecrets(null)} />
    </Stack>
  );
}

function CreateOperatorForm({ onCreated }: { onCreated: (secrets: Secrets) => void }) {
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
        onCreated({
          title: t('backoffice.operators.createdTitle', { name: created.operator.name }),
          email: created.operator.email,
          otpauthUri: created.otpauthUri,
          totpSecret: created.totpSecret,
          password: created.generatedPassword,
        });
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
            <NewPasswordField
              label={t('backoffice.operators.password')}
              description={t('backoffice.operators.passwordHint')}
              error={errors.password?.message}
              {...form.register('password')}
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
  onSecrets,
}: {
  items: OperatorListItem[];
  onSecrets: (secrets: Secrets) => void;
}) {
  const { t } = useTranslation();
  const me = useOperatorState().data;
  const myId = me?.stage === 'signedIn' ? me.operator.id : null;
  const update = useUpdateOperator();
  const reset = useResetOperatorTotp();
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [error, setError] = useState<string | null>(null);

  const run = () => {
    if (!confirm) return;
    const done = { onSettled: () => setConfirm(null), onError: (e: unknown) => setError(errorText(e)) };
    setError(null);
    const { operator } = confirm;
    if (confirm.kind === 'resetTotp') {
      reset.mutate(operator.id, {
        ...done,
        onSuccess: (r) =>
          onSecrets({
            title: t('backoffice.operators.resetTitle', { name: r.operator.name }),
            email: r.operator.email,
            otpauthUri: r.otpauthUri,
            totpSecret: r.totpSecret,
          }),
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
                  <Badge color={o.active ? 'teal' : 'gray'} variant="dot" tt="none" radius="sm">
                    {o.active ? t('backoffice.operators.active') : t('backoffice.operators.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
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
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setConfirm({ kind: 'resetTotp', operator: o })}
                    >
                      {t('backoffice.operators.resetTotp')}
                    </Button>
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
                loading={update.isPending || reset.isPending}
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

/** Shown once: nothing here can be displayed again (the server keeps only the sealed secret). */
function SecretsDialog({ secrets, onClose }: { secrets: Secrets | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secrets !== null}
      onClose={onClose}
      title={secrets?.title}
      closeButtonProps={{ 'aria-label': t('backoffice.operators.close') }}
      centered
      size="md"
    >
      {secrets && (
        <Stack gap="md" data-testid="bo-operator-secrets">
          <Alert color="yellow" variant="light">
            {t('backoffice.operators.onceWarning')}
          </Alert>
          <Text size="sm">{t('backoffice.operators.scan', { email: secrets.email })}</Text>
          <Center>
            <Paper withBorder p="xs" bg="white">
              <QRCodeSVG
                value={secrets.otpauthUri}
                size={176}
                marginSize={1}
                title={t('backoffice.operators.qrTitle')}
              />
            </Paper>
          </Center>
          <div>
            <Text size="sm" fw={600}>
              {t('backoffice.operators.secretText')}
            </Text>
            <Code block data-testid="bo-operator-totp-secret" style={{ overflowWrap: 'anywhere' }}>
              {secrets.totpSecret}
            </Code>
          </div>
          {secrets.password && (
            <div>
              <Text size="sm" fw={600}>
                {t('backoffice.operators.generatedPassword')}
              </Text>
              <Code block data-testid="bo-operator-password" style={{ overflowWrap: 'anywhere' }}>
                {secrets.password}
              </Code>
            </div>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('backoffice.operators.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
