import { useState } from 'react';
import { Button, Select, Stack, Text } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { balanceCertificatePath, type Account } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { StatementLinks } from './StatementLinks.tsx';

/**
 * The statements of one of the customer's accounts (a choice when there are Espaces) and, for an
 * account with an IBAN, the balance certificate. Downloads are plain links to the API: the session
 * cookie goes with them, and the server answers an attachment.
 */
export function StatementsPanel({
  accounts,
  initialId,
}: {
  accounts: readonly Account[];
  initialId?: string;
}) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState(initialId ?? accounts[0]?.id ?? '');
  const account = accounts.find((a) => a.id === selectedId) ?? accounts[0];
  if (!account) return null;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('statements.intro')}
      </Text>
      {accounts.length > 1 && (
        <Select
          label={t('statements.account')}
          data={accounts.map((a) => ({
            value: a.id,
            label: a.iban ? `${a.name} — ${formatIban(a.iban)}` : a.name,
          }))}
          value={account.id}
          onChange={(value) => value && setSelectedId(value)}
          allowDeselect={false}
          checkIconPosition="right"
        />
      )}
      <StatementLinks key={account.id} account={account} />
      <Stack gap={4}>
        <Text fw={700}>{t('statements.certificate')}</Text>
        {account.iban ? (
          <>
            <Text size="sm" c="dimmed">
              {t('statements.certificateHint')}
            </Text>
            <Button
              component="a"
              href={balanceCertificatePath(account.id)}
              download
              variant="light"
              justify="flex-start"
              h="auto"
              py={8}
              leftSection={<IconCertificate size={18} aria-hidden />}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
            >
              {t('statements.certificateLink')}
            </Button>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('statements.noIban')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
