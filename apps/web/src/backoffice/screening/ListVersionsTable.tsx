import { Alert, Badge, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useSanctionsListVersions } from '../../api/backoffice-screening.ts';
import { formatDateTime } from '../format.ts';
import { Section } from '../Section.tsx';
import { shortSha } from './screening-text.ts';

/** « En vigueur » is never cut to « En vig… » in the narrow first column. */
const NO_CUT = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/**
 * The versions of the list, newest first (the first in force): number, the file's own generation
 * date, when and by whom or what it was loaded, its entities and what changed since the previous
 * one, and its SHA-256 shortened (whole in its title).
 */
export function ListVersionsTable() {
  const { t } = useTranslation();
  const versions = useSanctionsListVersions();
  const dateTime = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));

  return (
    <Section
      order={2}
      title={t('backofficeScreening.lists.title')}
      hint={t('backofficeScreening.lists.hint')}
      testId="bo-screening-lists"
    >
      {versions.isPending ? (
        <Loader size="sm" aria-label={t('backofficeScreening.lists.loading')} />
      ) : versions.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(versions.error) ? versions.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : versions.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="bo-screening-lists-empty">
          {t('backofficeScreening.lists.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table fz="sm" striped aria-label={t('backofficeScreening.lists.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backofficeScreening.lists.columns.number')}</Table.Th>
                <Table.Th>{t('backofficeScreening.lists.columns.generatedAt')}</Table.Th>
                <Table.Th>{t('backofficeScreening.lists.columns.loadedAt')}</Table.Th>
                <Table.Th>{t('backofficeScreening.lists.columns.loadedBy')}</Table.Th>
                <Table.Th>{t('backofficeScreening.lists.columns.source')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>
                  {t('backofficeScreening.lists.columns.entries')}
                </Table.Th>
                <Table.Th>{t('backofficeScreening.lists.columns.changes')}</Table.Th>
                <Table.Th>{t('backofficeScreening.lists.columns.sha')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.items.map((version, index) => (
                <Table.Tr
                  key={version.id}
                  data-testid="bo-screening-list-version"
                  data-number={version.number}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 110 }}>
                    {version.number}
                    {index === 0 && (
                      <Badge
                        ml={6}
                        size="xs"
                        color="teal.9"
                        variant="filled"
                        tt="none"
                        radius="sm"
                        styles={NO_CUT}
                      >
                        {t('backofficeScreening.lists.inForce')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {version.generatedAt
                      ? dateTime(version.generatedAt)
                      : t('backofficeScreening.lists.unknown')}
                  </Table.Td>
                  <Table.Td>{dateTime(version.createdAt)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{version.loadedBy}</Table.Td>
                  <Table.Td>{t(`backofficeScreening.lists.sources.${version.source}`)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                    {version.entryCount}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {`${version.added} / ${version.removed} / ${version.changed}`}
                  </Table.Td>
                  <Table.Td>
                    <Text
                      component="abbr"
                      ff="monospace"
                      fz="xs"
                      title={version.contentSha256}
                      style={{ textDecoration: 'none' }}
                    >
                      {shortSha(version.contentSha256)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
