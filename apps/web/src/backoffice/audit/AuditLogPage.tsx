import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { CursorPager, useCursorPages } from '../CursorPager.tsx';
import { useAuditLog, useVerifyAuditChain, type AuditFilters } from '../../api/backoffice-admin.ts';

const EMPTY: AuditFilters = { operatorId: '', customerId: '', action: '', from: '', to: '', cursor: null };
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' });

/**
 * « Journal d'audit » (docs/product/back-office.md#elsewhere): filters by operator, customer, action and dates, newest first, and
 * « Vérifier la chaîne », which has the server recompute every hash.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const pages = useCursorPages();
  const log = useAuditLog({ ...filters, cursor: pages.cursor });
  const verify = useVerifyAuditChain();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    pages.reset();
  };
  const field = (name: keyof Omit<AuditFilters, 'cursor'>) => ({
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [name]: value }));
    },
  });
  const errorText = (error: unknown) =>
    t('backoffice.errors.withDetail', {
      message: isApiError(error) ? error.detail : t('backoffice.errors.generic'),
    });

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backoffice.audit.title')}
        </Title>
        <Button variant="default" loading={verify.isPending} onClick={() => verify.mutate()}>
          {t('backoffice.audit.verify')}
        </Button>
      </Group>
      {verify.data && (
        <Alert
          color={verify.data.ok ? 'green' : 'red'}
          role={verify.data.ok ? 'status' : 'alert'}
          data-testid="bo-audit-verify"
        >
          {verify.data.ok
            ? t('backoffice.audit.intact', { count: verify.data.checked })
            : verify.data.truncated
              ? t(
                  verify.data.truncated.lastId === null
                    ? 'backoffice.audit.truncatedEmpty'
                    : 'backoffice.audit.truncated',
                  verify.data.truncated,
                )
              : verify.data.firstBrokenId !== undefined
                ? t('backoffice.audit.broken', { id: verify.data.firstBrokenId })
                : t('backoffice.audit.checkpointRefused')}
        </Alert>
      )}
      {verify.isError && (
        <Alert color="red" role="alert">
          {errorText(verify.error)}
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" onSubmit={apply}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('backoffice.audit.operator')}
            {...field('operatorId')}
            style={{ flex: '1 1 220px' }}
          />
          <TextInput
            label={t('backoffice.audit.customer')}
            {...field('customerId')}
            style={{ flex: '1 1 220px' }}
          />
          <TextInput
            label={t('backoffice.audit.action')}
            placeholder="operator.created"
            {...field('action')}
            style={{ flex: '1 1 180px' }}
          />
          <TextInput
            type="date"
            label={t('backoffice.audit.from')}
            {...field('from')}
            style={{ flex: '1 1 150px' }}
          />
          <TextInput
            type="date"
            label={t('backoffice.audit.to')}
            {...field('to')}
            style={{ flex: '1 1 150px' }}
          />
          <Group gap="xs">
            <Button type="submit">{t('backoffice.audit.apply')}</Button>
            <Button
              variant="subtle"
              onClick={() => {
                setDraft(EMPTY);
                setFilters(EMPTY);
                pages.reset();
              }}
            >
              {t('backoffice.audit.reset')}
            </Button>
          </Group>
        </Group>
      </Paper>

      <Paper withBorder radius="md">
        {log.isPending ? (
          <Center py="xl" role="status">
            <Loader size="sm" aria-label={t('backoffice.loading')} />
          </Center>
        ) : log.isError ? (
          <Alert color="red" role="alert" m="md">
            {errorText(log.error)}
          </Alert>
        ) : log.data.items.length === 0 ? (
          <Text ta="center" py="xl" c="dimmed">
            {t('backoffice.audit.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table
              verticalSpacing="xs"
              aria-label={t('backoffice.audit.tableLabel')}
              aria-busy={log.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">#</Table.Th>
                  <Table.Th scope="col">{t('backoffice.audit.at')}</Table.Th>
                  <Table.Th scope="col">{t('backoffice.audit.action')}</Table.Th>
                  <Table.Th scope="col">{t('backoffice.audit.operatorColumn')}</Table.Th>
                  <Table.Th scope="col">{t('backoffice.audit.customerColumn')}</Table.Th>
                  <Table.Th scope="col">{t('backoffice.audit.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((e) => (
                  <Table.Tr key={e.id} data-testid="bo-audit-row">
                    <Table.Td>{e.id}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime.format(new Date(e.at))}</Table.Td>
                    <Table.Td>
                      <Code>{e.action}</Code>
                    </Table.Td>
                    <Table.Td fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {e.actor === 'customer'
                        ? t('myProfile.audit.customerActor')
                        : (e.operatorEmail ?? e.operatorId ?? t('backoffice.audit.system'))}
                    </Table.Td>
                    <Table.Td fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {e.customerId ?? '—'}
                    </Table.Td>
                    <Table.Td fz="xs" maw={320} style={{ overflowWrap: 'anywhere' }}>
                      {JSON.stringify(e.details)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <CursorPager pages={pages} nextCursor={log.data?.nextCursor} />
    </Stack>
  );
}
