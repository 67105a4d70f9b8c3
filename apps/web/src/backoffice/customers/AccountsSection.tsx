import { Stack, Table, Text } from '@mantine/core';
import type { BackofficeAccount } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../Section.tsx';

/** Accounts and balances, read-only: a balance only ever moves through a ledger entry (docs/product/principles.md#money-is-a-ledger). */
export function AccountsSection({ accounts }: { accounts: readonly BackofficeAccount[] }) {
  const { t } = useTranslation();
  // An Espace (sub-account) says so, and a closed account too: its balance is history.
  const accountName = (account: BackofficeAccount) => {
    const name = account.kind === 'sub' ? t('spaces.backofficeName', { name: account.name }) : account.name;
    return account.status === 'closed' ? t('spaces.backofficeClosed', { name }) : name;
  };
  return (
    <Section
      title={t('backoffice.panel.accounts')}
      hint={t('backoffice.panel.accountsReadOnly')}
      testId="bo-accounts"
    >
      {accounts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('backoffice.panel.noAccount')}
        </Text>
      ) : (
        <Stack gap="md">
          {accounts.map((account) => (
            <Table
              key={account.id}
              variant="vertical"
              layout="fixed"
              withRowBorders={false}
              verticalSpacing={4}
            >
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={130} scope="row">
                    <Text size="sm" c="dimmed" fw={500}>
                      {t('backoffice.panel.accountName')}
                    </Text>
                  </Table.Th>
                  <Table.Td data-testid="bo-account-name">{accountName(account)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">
                    <Text size="sm" c="dimmed" fw={500}>
                      {t('backoffice.panel.iban')}
                    </Text>
                  </Table.Th>
                  <Table.Td ff="monospace" data-testid="bo-account-iban" style={{ overflowWrap: 'anywhere' }}>
                    {account.iban ?? '—'}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">
                    <Text size="sm" c="dimmed" fw={500}>
                      {t('backoffice.panel.booked')}
                    </Text>
                  </Table.Th>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatEuros(BigInt(account.bookedBalance))}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">
                    <Text size="sm" c="dimmed" fw={500}>
                      {t('backoffice.panel.available')}
                    </Text>
                  </Table.Th>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatEuros(BigInt(account.availableBalance))}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          ))}
        </Stack>
      )}
    </Section>
  );
}
