import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { BackofficeCorrectionRequest } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { Section } from '../Section.tsx';

export function CorrectionsHistory({ corrections }: { corrections: readonly BackofficeCorrectionRequest[] }) {
  const { t } = useTranslation();
  const when = (iso: string) => formatDateTime(iso, t('backoffice.panel.dateFormat'));
  return (
    <Section title={t('backoffice.panel.corrections')}>
      <Stack gap="md">
        {corrections.map((request) => (
          <Stack key={request.id} gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {request.operatorName
                  ? t('backoffice.panel.correctionBy', {
                      date: when(request.requestedAt),
                      operator: request.operatorName,
                    })
                  : t('backoffice.panel.correctionByUnknown', { date: when(request.requestedAt) })}
              </Text>
              <Badge size="sm" variant="dot" color={request.resolvedAt ? 'teal' : 'yellow'} tt="none">
                {request.resolvedAt
                  ? t('backoffice.panel.correctionResolved', { date: when(request.resolvedAt) })
                  : t('backoffice.panel.correctionOpen')}
              </Badge>
            </Group>
            <List size="sm" spacing={2}>
              {request.reasons.map((reason, index) => (
                <List.Item key={index}>{reason}</List.Item>
              ))}
            </List>
            {request.documentKinds.length > 0 && (
              <Text size="sm" c="dimmed">
                {request.documentKinds.map((kind) => t(`backoffice.documents.kinds.${kind}`)).join(', ')}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}
