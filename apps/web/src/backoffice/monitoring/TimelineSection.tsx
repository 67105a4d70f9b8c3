import { Badge, Group, Stack, Text } from '@mantine/core';
import type { MonitoringTimelineItem } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { Section } from '../Section.tsx';
import { operatorName } from './monitoring-text.ts';

const KIND_COLORS: Record<MonitoringTimelineItem['kind'], string> = {
  hit: 'orange',
  note: 'gray',
  proposal: 'grape',
  decision: 'red',
};

/** The case's history, oldest first: its hits, notes, proposal and decision, with who and when. */
export function TimelineSection({ timeline }: { timeline: readonly MonitoringTimelineItem[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('backofficeMonitoring.timeline.title')} testId="bo-monitoring-timeline">
      <Stack gap="sm" component="ol" aria-label={t('backofficeMonitoring.timeline.label')} p={0} m={0}>
        {timeline.map((item, index) => (
          <Stack
            // The history only grows, oldest first: its position names an item.
            key={index}
            gap={2}
            component="li"
            style={{ listStyle: 'none' }}
            data-testid="bo-monitoring-timeline-item"
            data-kind={item.kind}
          >
            <Group gap="xs" wrap="wrap">
              <Badge variant="dot" color={KIND_COLORS[item.kind]} c="dark.7" tt="none" radius="sm">
                {t(`backofficeMonitoring.timeline.kinds.${item.kind}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(item.at, t('backoffice.panel.dateFormat'))}
                {item.by && ` · ${t('backofficeMonitoring.timeline.by', { name: operatorName(item.by) })}`}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.text}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
