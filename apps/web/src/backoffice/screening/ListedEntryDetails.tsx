import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ScreeningListedEntry } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../onboarding/countries.ts';
import { formatDay } from '../format.ts';
import { Fact } from './Fact.tsx';
import { aliasName, listedBirthDateText } from './screening-text.ts';

/** Only a web address the list gives is a link: anything else is shown as text. */
const isWebAddress = (url: string): boolean => /^https?:\/\//i.test(url);

/**
 * The right column of an alert: the list entity as the matched version lists it — its names and
 * aliases (fort / faible, the one the matcher met in bold), birth dates, nationalities, documents,
 * addresses, and the regulation with its programme and published text.
 */
export function ListedEntryDetails({
  entry,
  matchedAlias,
}: {
  entry: ScreeningListedEntry;
  matchedAlias: string;
}) {
  const { t } = useTranslation();
  const none = t('backofficeScreening.entry.none');

  return (
    <Paper bg="gray.0" radius="sm" p="sm" data-testid="bo-screening-entry" data-logical-id={entry.logicalId}>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('backofficeScreening.entry.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {[
            t('backofficeScreening.entry.logicalId', { id: entry.logicalId }),
            entry.euReferenceNumber
              ? t('backofficeScreening.entry.euReference', { reference: entry.euReferenceNumber })
              : null,
            t(`backofficeScreening.entry.subjectTypes.${entry.subjectType}`),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Fact label={t('backofficeScreening.entry.aliases')} testId="bo-screening-aliases">
          <List size="sm" spacing={2} listStyleType="none" p={0}>
            {entry.aliases.map((alias, index) => {
              const name = aliasName(alias);
              const matched = name === matchedAlias;
              return (
                <List.Item key={`${name}-${index}`}>
                  <Group gap={6} wrap="wrap">
                    <Text
                      span
                      fw={matched ? 700 : 400}
                      inherit
                      lang={alias.language?.toLowerCase() ?? undefined}
                    >
                      {name}
                    </Text>
                    <Badge
                      size="xs"
                      variant={alias.strong ? 'filled' : 'outline'}
                      color={alias.strong ? 'dark' : 'gray'}
                      tt="none"
                      radius="sm"
                    >
                      {t(
                        alias.strong ? 'backofficeScreening.entry.strong' : 'backofficeScreening.entry.weak',
                      )}
                    </Badge>
                    {alias.language && (
                      <Text span size="xs" c="dimmed">
                        {alias.language}
                      </Text>
                    )}
                    {matched && (
                      <Text span size="xs" c="dimmed">
                        ({t('backofficeScreening.entry.matched')})
                      </Text>
                    )}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </Fact>
        <Fact label={t('backofficeScreening.entry.birthDates')}>
          {entry.birthDates.length === 0
            ? none
            : entry.birthDates.map((date) => listedBirthDateText(t, date)).join(' ; ')}
        </Fact>
        <Fact label={t('backofficeScreening.entry.citizenships')}>
          {entry.citizenships.length === 0
            ? none
            : entry.citizenships.map((code) => countryName(code)).join(', ')}
        </Fact>
        {entry.identifications.length > 0 && (
          <Fact label={t('backofficeScreening.entry.identifications')}>
            {entry.identifications
              .map((doc) =>
                [doc.type, doc.number, doc.country ? countryName(doc.country) : null]
                  .filter(Boolean)
                  .join(' · '),
              )
              .join(' ; ')}
          </Fact>
        )}
        {entry.addresses.length > 0 && (
          <Fact label={t('backofficeScreening.entry.addresses')}>
            {entry.addresses
              .map((address) =>
                [address.street, address.city, address.country ? countryName(address.country) : null]
                  .filter(Boolean)
                  .join(', '),
              )
              .join(' ; ')}
          </Fact>
        )}
        <Fact label={t('backofficeScreening.entry.regulations')} testId="bo-screening-regulations">
          {entry.regulations.length === 0 ? (
            none
          ) : (
            <Stack gap={2}>
              {entry.regulations.map((regulation, index) => (
                <Text key={index} size="sm">
                  {[
                    regulation.programme
                      ? t('backofficeScreening.entry.programme', { programme: regulation.programme })
                      : null,
                    regulation.numberTitle,
                    regulation.publicationDate
                      ? t('backofficeScreening.entry.publishedOn', {
                          date: formatDay(regulation.publicationDate),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {regulation.publicationUrl && isWebAddress(regulation.publicationUrl) && (
                    <>
                      {' · '}
                      <Anchor
                        href={regulation.publicationUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        underline="always"
                        inherit
                      >
                        {t('backofficeScreening.entry.publication')}
                      </Anchor>
                    </>
                  )}
                </Text>
              ))}
            </Stack>
          )}
        </Fact>
        {entry.remark && (
          <Fact label={t('backofficeScreening.entry.remark')}>
            <Text span inherit style={{ whiteSpace: 'pre-wrap' }}>
              {entry.remark}
            </Text>
          </Fact>
        )}
      </Stack>
    </Paper>
  );
}
