import { useState } from 'react';
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBolt,
  IconCalendarEvent,
  IconChevronRight,
  IconReceipt,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { paths } from '../../app/paths.ts';
import { AddBeneficiaryModal } from './AddBeneficiaryModal.tsx';
import { BeneficiariesDrawer } from './BeneficiariesDrawer.tsx';
import { ownBankOf, readBeneficiaryDraft } from './beneficiary-form.ts';
import { UpcomingTransfers } from './UpcomingTransfers.tsx';

function TransferKindLink(props: { to: string; title: string; hint: string; icon: React.ReactNode }) {
  return (
    <UnstyledButton component={Link} to={props.to}>
      <Paper withBorder radius="lg" p="md">
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            {props.icon}
          </ThemeIcon>
          <Stack gap={0} style={{ flex: 1 }}>
            <Text fw={600} size="lg">
              {props.title}
            </Text>
            <Text size="sm" c="dimmed">
              {props.hint}
            </Text>
          </Stack>
          <IconChevronRight aria-hidden size={20} color="var(--mantine-color-dimmed)" />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * Virements (`/virementshome`, docs/product/transfers.md): the two kinds of transfer, the
 * beneficiaries, the upcoming transfers, and the way to « Prélèvements » (docs/direct-debits.md).
 */
export function VirementsPage() {
  const { t } = useTranslation();
  // Back from securing the account with a beneficiary half added: the form opens again, filled in.
  const [adding, setAdding] = useState(() => readBeneficiaryDraft() !== null);
  const [managing, setManaging] = useState(false);
  const accounts = useAccounts();
  const main = accounts.data?.find((account) => account.kind === 'main');

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
          {t('virements.title')}
        </Title>
        <Text c="dimmed">{t('virements.intro')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TransferKindLink
          to={paths.instantTransfer}
          title={t('virements.instant')}
          hint={t('virements.instantHint')}
          icon={<IconBolt size={24} />}
        />
        <TransferKindLink
          to={paths.oneOffTransfer}
          title={t('virements.oneOff')}
          hint={t('virements.oneOffHint')}
          icon={<IconCalendarEvent size={24} />}
        />
      </SimpleGrid>

      <Group gap="sm" grow preventGrowOverflow={false}>
        <Button
          size="md"
          leftSection={<IconUserPlus size={20} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {t('virements.addBeneficiary')}
        </Button>
        <Button
          size="md"
          variant="light"
          leftSection={<IconUsers size={20} aria-hidden />}
          onClick={() => setManaging(true)}
        >
          {t('virements.manageBeneficiaries')}
        </Button>
      </Group>

      <TransferKindLink
        to={paths.directDebits}
        title={t('virements.directDebits')}
        hint={t('virements.directDebitsHint')}
        icon={<IconReceipt size={24} />}
      />

      <UpcomingTransfers />

      <AddBeneficiaryModal opened={adding} onClose={() => setAdding(false)} ownBank={ownBankOf(main)} />
      <BeneficiariesDrawer opened={managing} onClose={() => setManaging(false)} />
    </Stack>
  );
}
