import { List, Stack, Text, Title } from '@mantine/core';
import type { ScreeningExplanation } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { explanationLines } from './screening-text.ts';

/**
 * Why the matcher scored the pair: the summary it stored (in French), then its parts one a line —
 * the alias, the words paired and how, the words left over, the birth date and the nationality.
 */
export function ExplanationDetails({ explanation }: { explanation: ScreeningExplanation }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="bo-screening-explanation">
      <Title order={3} fz="h5">
        {t('backofficeScreening.explanation.title')}
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="bo-screening-explanation-summary">
        {explanation.summary}
      </Text>
      <List size="sm" spacing={2} withPadding aria-label={t('backofficeScreening.explanation.details')}>
        {explanationLines(t, explanation).map((line) => (
          <List.Item key={line} style={{ overflowWrap: 'anywhere' }}>
            {line}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
