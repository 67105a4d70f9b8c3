import { Table } from '@mantine/core';
import { IDENTITY_FIELDS, type BackofficeIdentityChangeRequest } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { shownIdentityValue } from './identity-values.ts';

/** The fields a request changes: each one's value on file and the value asked for. */
export function IdentityValuesTable(props: { request: BackofficeIdentityChangeRequest; testId: string }) {
  const { t } = useTranslation();
  const { request } = props;
  const fields = IDENTITY_FIELDS.filter((field) => request.requested[field] !== null);
  return (
    <Table withTableBorder fz="sm" data-testid={props.testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('identityChange.backoffice.field')}</Table.Th>
          <Table.Th>{t('identityChange.backoffice.before')}</Table.Th>
          <Table.Th>{t('identityChange.backoffice.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Td>{t(`identityChange.fields.${field}`)}</Table.Td>
            <Table.Td>{shownIdentityValue(field, request.current[field])}</Table.Td>
            <Table.Td fw={600}>{shownIdentityValue(field, request.requested[field])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
