import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export interface SummaryChartProps {
  h: number;
  data: { month: string; moneyIn: number; moneyOut: number }[];
  series: { name: 'moneyIn' | 'moneyOut'; label: string; color: string }[];
  valueFormatter: (value: number) => string;
}

/** The six months' bar chart of « Résumé du mois » (its own chunk, see MonthSummaryCard). */
export function SummaryChart({ h, data, series, valueFormatter }: SummaryChartProps) {
  return (
    <BarChart
      h={h}
      data={data}
      dataKey="month"
      series={series}
      valueFormatter={valueFormatter}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      yAxisProps={{ width: 80 }}
      tickLine="y"
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
