import { Progress, Text } from '@mantine/core';
import { cents, formatEuros } from '@comptoir/core';
import { useTranslation } from 'react-i18next';
import { goalProgress } from './goal-progress.ts';

/** « 120,00 € sur 500,00 € » with a progress bar that says the same to a screen reader. */
export function GoalProgress({ name, balance, goal }: { name: string; balance: number; goal: number }) {
  const { t } = useTranslation();
  const percent = goalProgress(balance, goal);
  const text = t('spaces.progress', { balance: formatEuros(cents(balance)), goal: formatEuros(cents(goal)) });
  return (
    <div>
      <Progress.Root size="md" radius="xl" mb={4}>
        <Progress.Section
          value={percent}
          color={percent >= 100 ? 'teal' : 'comptoir'}
          withAria={false}
          role="progressbar"
          aria-label={t('spaces.progressLabel', { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={text}
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" data-testid="space-progress" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {text}
      </Text>
    </div>
  );
}
