import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { ScreeningAlertSubject } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { formatBirthDate } from '../format.ts';
import { CustomerLink } from './CustomerLink.tsx';
import { Fact } from './Fact.tsx';

/**
 * The left column of an alert: who was screened — a customer (name, number, birth date, a link to
 * their file) or a beneficiary (its name and IBAN, and the customer who holds it).
 */
export function AlertSubject({
  subject,
  onOpenCustomer,
}: {
  subject: ScreeningAlertSubject;
  onOpenCustomer: (customerId: string) => void;
}) {
  const { t } = useTranslation();
  const { customer } = subject;
  const customerFacts = (
    <>
      <Fact label={t('backofficeScreening.subject.customer')}>
        <CustomerLink customer={customer} onOpen={onOpenCustomer} />
        <Text size="xs" c="dimmed">
          {t('backofficeScreening.subject.customerNumber', { number: customer.customerNumber })}
        </Text>
      </Fact>
      <Fact label={t('backofficeScreening.subject.birthDate')}>
        {customer.birthDate ? formatBirthDate(customer.birthDate) : t('backofficeScreening.subject.unknown')}
      </Fact>
    </>
  );

  return (
    <Paper bg="gray.0" radius="sm" p="sm" data-testid="bo-screening-subject" data-kind={subject.kind}>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('backofficeScreening.subject.title')}{' '}
          <Badge variant="light" color="gray" tt="none" radius="sm" ml={4}>
            {t(`backofficeScreening.subject.${subject.kind}`)}
          </Badge>
        </Title>
        {subject.kind === 'customer' ? (
          customerFacts
        ) : (
          <>
            <Fact label={t('backofficeScreening.subject.payeeName')}>
              {subject.name ?? (
                <Text span c="dimmed" inherit>
                  {t('backofficeScreening.subject.deletedPayee')}
                </Text>
              )}
            </Fact>
            {subject.iban && (
              <Fact label={t('backofficeScreening.subject.iban')}>
                <Text span ff="monospace" inherit>
                  {formatIban(subject.iban)}
                </Text>
              </Fact>
            )}
            <Fact label={t('backofficeScreening.subject.payeeOf')}>
              <CustomerLink customer={customer} onOpen={onOpenCustomer} />
              <Text size="xs" c="dimmed">
                {t('backofficeScreening.subject.customerNumber', { number: customer.customerNumber })}
              </Text>
            </Fact>
          </>
        )}
      </Stack>
    </Paper>
  );
}
