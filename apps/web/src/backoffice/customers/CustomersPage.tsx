import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { CUSTOMER_STATUSES, type BackofficeCustomerRow, type CustomerStatus } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '../../api/backoffice.ts';
import { ManagePanel } from './ManagePanel.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { UnreadMessagesBadge } from '../messages/UnreadMessagesBadge.tsx';

/** Filter order: what an operator looks for first. */
const STATUS_FILTERS: readonly CustomerStatus[] = [
  'pending_review',
  'corrections_requested',
  'pending_email',
  'active',
  'rejected',
  'closed',
] satisfies readonly (typeof CUSTOMER_STATUSES)[number][];

const isStatus = (value: string): value is CustomerStatus =>
  (CUSTOMER_STATUSES as readonly string[]).includes(value);

export const fullName = (row: { firstName: string | null; lastName: string | null }): string =>
  [row.firstName, row.lastName].filter(Boolean).join(' ');

/** The customers table (docs/product/back-office.md#customers): search, status filter (applications to review first), pages. */
export function CustomersPage() {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)');
  const [params, setParams] = useSearchParams();
  const openId = params.get('client');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<CustomerStatus | null>(null);
  // Cursor pages: the cursors of the pages already seen, to go back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const customers = useCustomers({ status, q, cursor });

  const resetPages = () => setCursors([null]);
  const open = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('client', id);
      return next;
    });
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('client');
      return next;
    });

  const data = customers.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / CUSTOMERS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('backoffice.customers.title')}
        </Title>
        {data && (
          <Text size="sm" c="dimmed" data-testid="bo-customers-count">
            {t('backoffice.customers.count', { count: data.total })}
          </Text>
        )}
      </Group>

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('backoffice.customers.search')}
          placeholder={t('backoffice.customers.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            resetPages();
          }}
          style={{ flex: '1 1 240px' }}
        />
        <NativeSelect
          label={t('backoffice.customers.statusFilter')}
          value={status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setStatus(isStatus(value) ? value : null);
            resetPages();
          }}
          data={[
            { value: '', label: t('backoffice.customers.allStatuses') },
            ...STATUS_FILTERS.map((value) => ({ value, label: t(`backoffice.status.${value}`) })),
          ]}
          style={{ flex: '1 1 220px' }}
        />
      </Group>

      <Paper withBorder radius="md" pos="relative">
        {customers.isPending ? (
          <Center py="xl" role="status">
            <Group gap="sm">
              <Loader size="sm" aria-hidden />
              <Text>{t('backoffice.customers.loading')}</Text>
            </Group>
          </Center>
        ) : customers.isError ? (
          <Alert color="red" variant="light" role="alert" m="md">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t('backoffice.errors.withDetail', {
                  message: isApiError(customers.error)
                    ? customers.error.detail
                    : t('backoffice.errors.generic'),
                })}
              </Text>
              <Button size="xs" variant="white" color="red" onClick={() => void customers.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : data && data.items.length === 0 ? (
          <Text ta="center" py="xl" c="dimmed">
            {t('backoffice.customers.empty')}
          </Text>
        ) : (
          // On a phone the number, first name and e-mail columns fold into the name cell, so that
          // Statut and Actions stay on screen without scrolling sideways.
          <Table.ScrollContainer minWidth={wide ? 720 : 0}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              aria-label={t('backoffice.customers.tableLabel')}
              aria-busy={customers.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('backoffice.customers.columns.number')}
                  </Table.Th>
                  <Table.Th scope="col">{t('backoffice.customers.columns.lastName')}</Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('backoffice.customers.columns.firstName')}
                  </Table.Th>
                  <Table.Th scope="col" visibleFrom="sm">
                    {t('backoffice.customers.columns.email')}
                  </Table.Th>
                  <Table.Th scope="col">{t('backoffice.customers.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('backoffice.customers.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((row) => (
                  <CustomerRow key={row.id} row={row} onOpen={() => open(row.id)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {data && data.total > 0 && (
        <Group
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          component="nav"
          aria-label={t('backoffice.customers.pagination')}
        >
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={cursors.length <= 1}
            onClick={() => setCursors((current) => current.slice(0, -1))}
            aria-label={t('backoffice.customers.previous')}
          >
            <Text span inherit visibleFrom="xs">
              {t('backoffice.customers.previous')}
            </Text>
          </Button>
          <Text size="sm" aria-live="polite" ta="center" style={{ whiteSpace: 'nowrap' }}>
            {t('backoffice.customers.page', { page: cursors.length, pages })}
          </Text>
          <Button
            variant="default"
            size="compact-md"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={!data.nextCursor}
            onClick={() => {
              const next = data.nextCursor;
              if (next) setCursors((current) => [...current, next]);
            }}
            aria-label={t('backoffice.customers.next')}
          >
            <Text span inherit visibleFrom="xs">
              {t('backoffice.customers.next')}
            </Text>
          </Button>
        </Group>
      )}

      {openId && <ManagePanel customerId={openId} onClose={close} />}
    </Stack>
  );
}

function CustomerRow({ row, onOpen }: { row: BackofficeCustomerRow; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Table.Tr
      onClick={onOpen}
      style={{ cursor: 'pointer' }}
      data-testid="bo-customer-row"
      data-email={row.email}
    >
      <Table.Td visibleFrom="sm">
        <Text size="sm" ff="monospace">
          {row.number}
        </Text>
      </Table.Td>
      <Table.Td>
        {row.lastName ?? '—'}
        <Text hiddenFrom="sm" size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {row.firstName && <>{row.firstName} · </>}
          {row.email}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{row.firstName ?? '—'}</Table.Td>
      <Table.Td visibleFrom="sm" style={{ wordBreak: 'break-all' }}>
        {row.email}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={row.status} />
        <UnreadMessagesBadge customerId={row.id} />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          aria-label={t('backoffice.customers.manageLabel', { name: fullName(row) || row.email })}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {t('backoffice.customers.manage')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
