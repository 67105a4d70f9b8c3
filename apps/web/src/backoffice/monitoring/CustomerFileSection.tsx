import { SimpleGrid, Text } from '@mantine/core';
import type { MonitoringCustomer } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatBirthDate, formatDay } from '../format.ts';
import { CustomerLink } from '../screening/CustomerLink.tsx';
import { Fact } from '../screening/Fact.tsx';
import { Section } from '../Section.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { incomeLabel, isCustomerStatus } from './monitoring-text.ts';

/**
 * The customer's file as the case shows it: name (a link to their file in « Utilisateurs »),
 * number, birth date, e-mail, status, profession, declared income, customer since.
 */
export function CustomerFileSection({
  customer,
  onOpenCustomer,
}: {
  customer: MonitoringCustomer;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const unknown = (
    <Text span c="dimmed" inherit>
      {t('backofficeMonitoring.customer.unknown')}
    </Text>
  );
  const income = incomeLabel(customer.incomeRange);
  return (
    <Section
      title={t('backofficeMonitoring.customer.title')}
      hint={t('backofficeMonitoring.customer.hint')}
      testId="bo-monitoring-customer"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
        <Fact label={t('backofficeMonitoring.customer.name')}>
          <CustomerLink customer={customer} onOpen={onOpenCustomer} />
        </Fact>
        <Fact label={t('backofficeMonitoring.customer.number')} testId="bo-monitoring-customer-number">
          {customer.customerNumber}
        </Fact>
        <Fact label={t('backofficeMonitoring.customer.birthDate')}>
          {customer.birthDate ? formatBirthDate(customer.birthDate) : unknown}
        </Fact>
        <Fact label={t('backofficeMonitoring.customer.email')}>{customer.email}</Fact>
        <Fact label={t('backofficeMonitoring.customer.status')}>
          {isCustomerStatus(customer.status) ? <StatusBadge status={customer.status} /> : customer.status}
        </Fact>
        <Fact label={t('backofficeMonitoring.customer.profession')}>{customer.profession ?? unknown}</Fact>
        <Fact label={t('backofficeMonitoring.customer.income')}>{income ?? unknown}</Fact>
        <Fact label={t('backofficeMonitoring.customer.since')}>{formatDay(customer.createdAt)}</Fact>
      </SimpleGrid>
    </Section>
  );
}
