import { Badge, Group } from '@mantine/core';
import { MONITORING_RULE_LABELS, type MonitoringRule } from '@comptoir/contracts';

/** The rules a case hit, in the order first hit, each by its French name. */
export function RuleBadges({ rules, label }: { rules: readonly MonitoringRule[]; label: string }) {
  return (
    <Group
      gap={6}
      wrap="wrap"
      component="ul"
      aria-label={label}
      p={0}
      m={0}
      data-testid="bo-monitoring-rules"
    >
      {rules.map((rule) => (
        <Badge
          key={rule}
          component="li"
          variant="light"
          color="comptoir"
          tt="none"
          radius="sm"
          data-rule={rule}
          styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
        >
          {MONITORING_RULE_LABELS[rule]}
        </Badge>
      ))}
    </Group>
  );
}
