import type { ReactNode } from 'react';
import { Badge, Group, Table, Text } from '@mantine/core';
import type { BackofficeCustomerDetail } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../onboarding/countries.ts';
import { formatBirthDate } from '../format.ts';
import { Section } from '../Section.tsx';

/** Téléphone, e-mail, profession, revenus in €, age from the birth date, and the rest of the file. */
export function IdentitySection({ customer }: { customer: BackofficeCustomerDetail }) {
  const { t } = useTranslation();
  const missing = (
    <Text span c="dimmed" size="sm">
      {t('backoffice.panel.notProvided')}
    </Text>
  );
  const value = (text: string | null | undefined) => (text ? text : missing);
  const address = [customer.address, [customer.postalCode, customer.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const application = customer.application;

  const rows: [string, ReactNode, string][] = [
    ['phone', value(customer.phone), t('backoffice.panel.phone')],
    [
      'email',
      <Group gap={6} key="email" wrap="wrap">
        <Text span size="sm" style={{ wordBreak: 'break-all' }}>
          {customer.email}
        </Text>
        <Badge size="xs" variant="dot" color={customer.emailVerifiedAt ? 'teal' : 'gray'} tt="none">
          {customer.emailVerifiedAt
            ? t('backoffice.panel.emailVerified')
            : t('backoffice.panel.emailNotVerified')}
        </Badge>
      </Group>,
      t('backoffice.panel.email'),
    ],
    ['profession', value(customer.profession), t('backoffice.panel.profession')],
    ['income', value(customer.incomeLabel), t('backoffice.panel.income')],
    [
      'age',
      customer.age !== null ? t('backoffice.panel.ageValue', { count: customer.age }) : missing,
      t('backoffice.panel.age'),
    ],
    [
      'birthDate',
      customer.birthDate ? formatBirthDate(customer.birthDate) : missing,
      t('backoffice.panel.birthDate'),
    ],
    [
      'gender',
      customer.gender
        ? t(customer.gender === 'male' ? 'backoffice.panel.male' : 'backoffice.panel.female')
        : missing,
      t('backoffice.panel.gender'),
    ],
    ['address', value(address), t('backoffice.panel.address')],
    [
      'residenceCountry',
      value(countryName(customer.residenceCountry)),
      t('backoffice.panel.residenceCountry'),
    ],
    ['taxCountry', value(countryName(customer.taxCountry)), t('backoffice.panel.taxCountry')],
    ['taxId', value(customer.taxId), t('backoffice.panel.taxId')],
    [
      'document',
      application?.documentType
        ? t('backoffice.panel.documentValue', {
            type: t(
              application.documentType === 'passport'
                ? 'backoffice.panel.passport'
                : 'backoffice.panel.idCard',
            ),
            country: countryName(application.documentCountry),
          })
        : missing,
      t('backoffice.panel.document'),
    ],
  ];

  return (
    <Section title={t('backoffice.panel.identity')} testId="bo-identity">
      <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([key, content, label]) => (
            <Table.Tr key={key} data-field={key}>
              <Table.Th w={130} scope="row">
                <Text size="sm" c="dimmed" fw={500}>
                  {label}
                </Text>
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{content}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {application?.rejectionReason && (
        <Text size="sm" c="red.8">
          {t('backoffice.panel.rejectionReason', { reason: application.rejectionReason })}
        </Text>
      )}
    </Section>
  );
}
