import { useId, useMemo, useState } from 'react';
import { Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATEMENT_FORMATS, statementPath, type Account } from '@comptoir/contracts';
import { availableMonths, monthTitle } from './statement-months.ts';

/** The months shown before « Afficher les mois précédents ». */
const FIRST_MONTHS = 12;

/** Every month since the account's opening, newest first, each with its PDF, CSV and camt.053 links. */
export function StatementLinks({ account }: { account: Pick<Account, 'id' | 'openedAt'> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  const { months, current } = useMemo(
    () => availableMonths(account.openedAt, new Date()),
    [account.openedAt],
  );
  const shown = showAll ? months : months.slice(0, FIRST_MONTHS);

  return (
    <Stack gap="xs">
      <Text id={titleId} fw={700}>
        {t('statements.monthsLabel')}
      </Text>
      <Box component="ul" aria-labelledby={titleId} m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((month, index) => {
          const title = monthTitle(month);
          return (
            <Box
              component="li"
              key={month}
              py="xs"
              data-testid={`statement-${month}`}
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600}>{title}</Text>
                  {month === current && (
                    <Badge variant="light" color="comptoir" title={t('statements.currentHint')}>
                      {t('statements.current')}
                    </Badge>
                  )}
                </Group>
                <Group gap={6} wrap="nowrap">
                  {STATEMENT_FORMATS.map((format) => {
                    const label = t(`statements.formats.${format}`);
                    return (
                      <Button
                        key={format}
                        component="a"
                        href={statementPath(account.id, month, format)}
                        download
                        size="compact-sm"
                        variant="light"
                        aria-label={t('statements.download', { month: title.toLowerCase(), format: label })}
                      >
                        {label}
                      </Button>
                    );
                  })}
                </Group>
              </Group>
            </Box>
          );
        })}
      </Box>
      {!showAll && months.length > FIRST_MONTHS && (
        <Button variant="subtle" onClick={() => setShowAll(true)} style={{ alignSelf: 'flex-start' }}>
          {t('statements.showOlder', { count: months.length - FIRST_MONTHS })}
        </Button>
      )}
    </Stack>
  );
}
