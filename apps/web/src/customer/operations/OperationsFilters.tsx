import { useEffect, useState } from 'react';
import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperationFilters } from '../../api/operations.ts';
import { monthLabel, monthsSince } from './months.ts';

const ALL = 'all';

/**
 * The search field (sent to the server 300 ms after the last keystroke) and the month select (the
 * account's months since its opening, « Tous les mois » first) above « Mes opérations »: the
 * browser's own select, the phone's native picker and no dropdown code in the dashboard's first load.
 */
export function OperationsFilters({
  openedAt,
  month,
  onChange,
}: {
  openedAt: string;
  month: string | null;
  onChange: (change: Partial<OperationFilters>) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => onChange({ q: debounced }), [debounced, onChange]);
  const months = monthsSince(openedAt, new Date());

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search">
      <TextInput
        label={t('operationsArea.searchLabel')}
        placeholder={t('operationsArea.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={100}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton
              aria-label={t('operationsArea.clearFilters')}
              onClick={() => {
                setText('');
                onChange({ q: '' });
              }}
            />
          ) : null
        }
        style={{ flex: '1 1 14rem' }}
        data-testid="operations-search"
      />
      <NativeSelect
        label={t('operationsArea.monthLabel')}
        data={[
          { value: ALL, label: t('operationsArea.allMonths') },
          ...months.map((m) => ({ value: m, label: monthLabel(m) })),
        ]}
        value={month ?? ALL}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ month: value !== ALL ? value : null });
        }}
        style={{ flex: '0 1 12rem', minWidth: '10rem' }}
        data-testid="operations-month"
      />
    </Group>
  );
}
