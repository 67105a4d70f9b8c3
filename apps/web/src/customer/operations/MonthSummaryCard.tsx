import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OperationsSummary } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { useOperationsSummary } from '../../api/operations.ts';
import { CREDIT_TEXT, DEBIT_TEXT } from '../../ui/ListRow.tsx';
import { useSettled } from '../../ui/preloadable.tsx';
import { KIND_LABEL } from '../operation-labels.ts';
import { monthLabel, shortMonthLabel } from './months.ts';
import classes from './SummaryTable.module.css';
import type { SummaryChartProps } from './SummaryChart.tsx';

const euros = (value: number) => formatEuros(cents(Math.round(value)));

// The chart library (recharts, @mantine/charts) is a chunk of its own, fetched once the figures are
// shown: it never weighs on the dashboard's first load.
const SummaryChart = lazy(() => import('./SummaryChart.tsx').then((m) => ({ default: m.SummaryChart })));
const CHART_HEIGHT = 180;

/**
 * True once the element is on the screen after the dashboard has settled (at once where
 * IntersectionObserver is missing): not while the screen is still filling in, when a card not yet
 * pushed down by the ones above it can be in view for a moment.
 */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const settled = useSettled();
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !settled || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, settled]);
  return [ref, near] as const;
}

/** The chart's place: the chart is fetched when it comes into view, after the dashboard has settled. */
function ChartSlot(props: Omit<SummaryChartProps, 'h'>) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  const placeholder = <div style={{ height: CHART_HEIGHT }} />;
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <SummaryChart h={CHART_HEIGHT} {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/**
 * « Résumé du mois »: money in and out of the month (booked operations), by kind, and a bar chart
 * of the six months to it — with the same figures as a table, for screen readers always and on
 * screen with « Voir sous forme de tableau ».
 */
export function MonthSummaryCard({ accountId, month }: { accountId: string; month: string }) {
  const { t } = useTranslation();
  const summary = useOperationsSummary(accountId, month);
  const [asTable, setAsTable] = useState(false);
  const s = 'operationsArea.summary';

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby="month-summary-title"
      data-testid="month-summary"
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title id="month-summary-title" order={2} fz="h4">
            {t(`${s}.title`)}
          </Title>
          <Text size="sm" c="dimmed" data-testid="summary-month">
            {monthLabel(month)}
          </Text>
        </Group>
        {summary.isPending ? (
          <Skeleton height={160} aria-label={t('common.loading')} />
        ) : summary.isError ? (
          <Text c="dimmed">{t('errors.generic')}</Text>
        ) : (
          <SummaryBody summary={summary.data} asTable={asTable} onToggle={() => setAsTable((v) => !v)} />
        )}
      </Stack>
    </Paper>
  );
}

function SummaryBody({
  summary,
  asTable,
  onToggle,
}: {
  summary: OperationsSummary;
  asTable: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const s = 'operationsArea.summary';
  const data = summary.months.map((m) => ({
    month: shortMonthLabel(m.month),
    moneyIn: m.moneyIn,
    moneyOut: m.moneyOut,
  }));
  const table = (
    <table className={classes.table} data-testid="summary-table">
      <caption>{t(`${s}.tableCaption`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t(`${s}.month`)}</th>
          <th scope="col" className={classes.amount}>
            {t(`${s}.moneyIn`)}
          </th>
          <th scope="col" className={classes.amount}>
            {t(`${s}.moneyOut`)}
          </th>
        </tr>
      </thead>
      <tbody>
        {summary.months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{monthLabel(m.month)}</th>
            <td className={classes.amount}>{euros(m.moneyIn)}</td>
            <td className={classes.amount}>{euros(m.moneyOut)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="sm">
        <Figure label={t(`${s}.moneyIn`)} value={`+ ${euros(summary.moneyIn)}`} color={CREDIT_TEXT} id="in" />
        <Figure
          label={t(`${s}.moneyOut`)}
          value={`− ${euros(summary.moneyOut)}`}
          color={DEBIT_TEXT}
          id="out"
        />
      </SimpleGrid>
      {summary.byKind.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${s}.nothing`)}
        </Text>
      ) : (
        <Stack gap={4} component="section" aria-label={t(`${s}.byKind`)}>
          <Text size="sm" fw={600}>
            {t(`${s}.byKind`)}
          </Text>
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
            {summary.byKind.map((k) => (
              <Group
                component="li"
                key={k.kind}
                justify="space-between"
                wrap="nowrap"
                data-testid="summary-kind"
                data-kind={k.kind}
              >
                <Text size="sm">{t(KIND_LABEL[k.kind])}</Text>
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {k.moneyIn > 0 && <span style={{ color: CREDIT_TEXT }}>+ {euros(k.moneyIn)}</span>}
                  {k.moneyIn > 0 && k.moneyOut > 0 && ' · '}
                  {k.moneyOut > 0 && <span>− {euros(k.moneyOut)}</span>}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600} id="summary-chart-title">
            {t(`${s}.chartTitle`)}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onToggle} aria-pressed={asTable}>
            {t(asTable ? `${s}.showChart` : `${s}.showTable`)}
          </Button>
        </Group>
        {asTable ? (
          table
        ) : (
          <>
            {/* Clipped: until the chart measures its new width (a frame after a rotation or a
                resize), it must not make the page wider than the screen. */}
            <div aria-hidden="true" data-testid="summary-chart" style={{ overflow: 'hidden', minWidth: 0 }}>
              <ChartSlot
                data={data}
                series={[
                  { name: 'moneyIn', label: t(`${s}.moneyIn`), color: 'teal.7' },
                  { name: 'moneyOut', label: t(`${s}.moneyOut`), color: 'red.7' },
                ]}
                valueFormatter={euros}
              />
            </div>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
        <Text size="xs" c="dimmed">
          {t(`${s}.note`)}
        </Text>
      </Stack>
    </Stack>
  );
}

function Figure({ label, value, color, id }: { label: string; value: string; color: string; id: string }) {
  return (
    <Paper bg="gray.0" radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`summary-${id}`}>
        {value}
      </Text>
    </Paper>
  );
}
