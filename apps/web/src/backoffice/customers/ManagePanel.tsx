import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { BackofficeCustomerDetail } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useCustomer } from '../../api/backoffice.ts';
import { AccountsSection } from './AccountsSection.tsx';
import { AdviserSection } from './AdviserSection.tsx';
import { CorrectionsHistory } from '../review/CorrectionsHistory.tsx';
import { DocumentsSection } from '../documents/DocumentsSection.tsx';
import { DocumentRequestsSection } from '../documents/DocumentRequestsSection.tsx';
import { DirectDebitsSection } from '../direct-debits/DirectDebitsSection.tsx';
import { IdentityChangesSection } from '../identity-changes/IdentityChangesSection.tsx';
import { formatDateTime } from '../format.ts';
import { IdentitySection } from './IdentitySection.tsx';
import { MessagesSection } from '../messages/MessagesSection.tsx';
import { ManualEntriesSection } from '../manual-entries/ManualEntriesSection.tsx';
import { DangerZone } from './DangerZone.tsx';
import { PersonalDataForm } from './PersonalDataForm.tsx';
import { ReviewActions } from '../review/ReviewActions.tsx';
import { CustomerScreeningSection } from '../screening/CustomerScreeningSection.tsx';
import { useCan } from '../permissions.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import classes from '../contrast.module.css';

const nameOf = (customer: BackofficeCustomerDetail): string =>
  [customer.firstName, customer.lastName].filter(Boolean).join(' ');

/** The manage panel (docs/product/back-office.md#customers), full screen: identity, accounts, documents, decision, personal data. */
export function ManagePanel({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const customer = useCustomer(customerId);
  // Support reads the file; documents, decisions and edits are for admin and compliance.
  const reviewer = useCan()('review');
  const data = customer.data;
  const name = data ? nameOf(data) || data.email : '';

  return (
    <Modal.Root
      opened
      onClose={onClose}
      fullScreen
      radius={0}
      transitionProps={{ transition: 'fade', duration: 120 }}
    >
      <Modal.Overlay />
      <Modal.Content className={classes.readable}>
        {/* The panel's title bar, not a second « banner » landmark (as the theme does for a whole Modal). */}
        <Modal.Header
          role="none"
          px={{ base: 'sm', sm: 'lg' }}
          py="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Modal.Title fz={{ base: 'h4', sm: 'h3' }} fw={700} style={{ overflowWrap: 'anywhere' }}>
              {data ? t('backoffice.panel.title', { name }) : t('backoffice.panel.loading')}
            </Modal.Title>
            {data && (
              <Group gap="xs">
                <StatusBadge status={data.status} />
                <Text size="sm" c="dimmed">
                  {t('backoffice.panel.number', { number: data.number })}
                </Text>
                <Text size="sm" c="dimmed" visibleFrom="sm">
                  {t('backoffice.panel.createdAt', {
                    date: formatDateTime(data.createdAt, t('backoffice.panel.dateFormat')),
                  })}
                </Text>
              </Group>
            )}
          </Stack>
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={onClose}
            data-autofocus
            ml="sm"
          >
            {t('backoffice.panel.close')}
          </Button>
        </Modal.Header>
        <Modal.Body p={0} bg="gray.0" mih="calc(100dvh - 80px)">
          <Container size={1200} w="100%" px={{ base: 'sm', sm: 'lg' }} py="lg">
            {customer.isPending ? (
              <Center py="xl" role="status">
                <Loader aria-label={t('backoffice.panel.loading')} />
              </Center>
            ) : customer.isError ? (
              <Alert color="red" variant="light" role="alert">
                {t('backoffice.errors.withDetail', {
                  message: isApiError(customer.error)
                    ? customer.error.detail
                    : t('backoffice.errors.generic'),
                })}
              </Alert>
            ) : (
              <Stack gap="lg">
                {reviewer && <ReviewActions customer={customer.data} name={name} />}
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                  <IdentitySection customer={customer.data} />
                  <AccountsSection accounts={customer.data.accounts} />
                </SimpleGrid>
                {reviewer && <DocumentsSection customerId={customer.data.id} />}
                <CustomerScreeningSection customerId={customer.data.id} />
                <IdentityChangesSection customerId={customer.data.id} />
                <DocumentRequestsSection
                  customerId={customer.data.id}
                  active={customer.data.status === 'active'}
                />
                {customer.data.corrections.length > 0 && (
                  <CorrectionsHistory corrections={customer.data.corrections} />
                )}
                {reviewer && <PersonalDataForm customer={customer.data} />}
                <AdviserSection customerId={customer.data.id} />
                <MessagesSection customerId={customer.data.id} status={customer.data.status} />
                <DirectDebitsSection customerId={customer.data.id} />
                <ManualEntriesSection customer={customer.data} />
                <DangerZone customer={customer.data} onGone={onClose} />
              </Stack>
            )}
          </Container>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
