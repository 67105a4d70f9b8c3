import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Card, CardDetails } from '@comptoir/contracts';
import { groupedPan, maskedPan } from '@comptoir/core';

const MASKED_CVV = '•••';

/**
 * The card as printed: holder, number, validity and CVV. Without `details` only the last four digits
 * show (•••• •••• •••• 1234) and the CVV is masked; `details` (the reveal's answer, held by the
 * screen for 60 s) shows the number grouped by four, the dates and the CVV.
 */
export function CardVisual({ card, details }: { card: Card; details: CardDetails | null }) {
  const { t } = useTranslation();
  const inactive = card.status !== 'active';
  const state = card.status === 'active' ? (card.locked ? 'locked' : null) : card.status;

  return (
    <Box
      role="group"
      aria-label={t('cards.visual.label')}
      data-testid="card-visual"
      data-revealed={details ? 'true' : 'false'}
      p={{ base: 'md', xs: 'lg' }}
      c="white"
      w="100%"
      maw={420}
      style={{
        aspectRatio: '1.586',
        borderRadius: 18,
        background: inactive
          ? 'linear-gradient(135deg, var(--mantine-color-gray-7), var(--mantine-color-gray-9))'
          : 'linear-gradient(135deg, var(--mantine-color-comptoir-8), var(--mantine-color-comptoir-9) 55%, #00323d)',
        boxShadow: '0 10px 30px rgba(0, 40, 50, 0.25)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        filter: card.locked && !inactive ? 'saturate(0.4)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={800} fz="lg" style={{ letterSpacing: '-0.02em' }}>
          {t('cards.visual.brand')}
        </Text>
        <Group gap={6} wrap="nowrap">
          {state && (
            <Badge color={state === 'locked' ? '#9c3a00' : 'dark'} variant="filled" data-testid="card-state">
              {t(`cards.status.${state}`)}
            </Badge>
          )}
          <Text size="sm" fw={600} tt="uppercase">
            {t('cards.visual.debit')}
          </Text>
        </Group>
      </Group>

      <Stack gap={2}>
        <Text size="xs" opacity={0.85}>
          {t('cards.visual.number')}
        </Text>
        <Text
          fz={{ base: 18, xs: 22 }}
          fw={600}
          ff="monospace"
          style={{ letterSpacing: '0.06em', whiteSpace: 'nowrap' }}
          data-testid="card-number"
        >
          {details ? groupedPan(details.pan) : maskedPan(card.last4)}
        </Text>
      </Stack>

      <Stack gap={6}>
        <Group gap="lg" wrap="nowrap" miw={0}>
          <Field label={t('cards.visual.lastName')} value={card.holderLastName} testId="card-last-name" />
          <Field label={t('cards.visual.firstName')} value={card.holderFirstName} testId="card-first-name" />
        </Group>
        <Group gap="lg" wrap="nowrap">
          <Field
            label={t('cards.visual.validFrom')}
            value={details?.validFrom ?? card.validFrom}
            testId="card-valid-from"
          />
          <Field
            label={t('cards.visual.expiresEnd')}
            value={details?.expiresEnd ?? card.expiresEnd}
            testId="card-expires-end"
          />
          <Field label={t('cards.visual.cvv')} value={details?.cvv ?? MASKED_CVV} testId="card-cvv" />
        </Group>
      </Stack>
    </Box>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text fz={10} tt="uppercase" opacity={0.85} style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text size="sm" fw={600} ff="monospace" truncate data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
