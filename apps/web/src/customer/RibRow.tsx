import { ActionIcon, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../ui/toasts.ts';
import { copyText } from './copy-text.ts';

interface RibRowProps {
  label: string;
  /** Lines as shown; empty or missing shows « Non spécifié ». */
  lines: readonly string[];
  /** What the copy button puts on the clipboard (the shown text by default). */
  copyValue?: string | null;
  /** Accessible name of the copy button: « Copier l'IBAN ». */
  copyLabel: string;
  monospace?: boolean;
  /** A rule above the row (every row but the first). */
  divided?: boolean;
  testId: string;
}

/** One line of the RIB card (inside its `<dl>`): label, value and a copy button. */
export function RibRow({
  label,
  lines,
  copyValue,
  copyLabel,
  monospace = false,
  divided = false,
  testId,
}: RibRowProps) {
  const { t } = useTranslation();
  const shown = lines.map((line) => line.trim()).filter(Boolean);
  const value = copyValue === undefined ? shown.join(', ') : copyValue;

  const copy = async () => {
    const outcome = await copyText(value);
    if (outcome === 'copied') notifySuccess(t('rib.copy.copied'));
    else if (outcome === 'empty') notifyError(t('rib.copy.empty'));
    else notifyError(t('rib.copy.failed'));
  };

  return (
    <Box
      py="sm"
      data-testid={testId}
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
          {shown.length > 0 ? (
            <Stack gap={0} miw={0}>
              {shown.map((line, index) => (
                <Text
                  key={index}
                  fw={600}
                  fz={monospace ? { base: 'md', sm: 'lg' } : 'md'}
                  ff={monospace ? 'monospace' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid={`${testId}-value`}
                >
                  {line}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text fs="italic" c="dimmed" data-testid={`${testId}-value`}>
              {t('rib.notSpecified')}
            </Text>
          )}
          <Tooltip label={copyLabel} withArrow openDelay={300}>
            <ActionIcon
              variant="light"
              size="lg"
              radius="md"
              aria-label={copyLabel}
              onClick={() => void copy()}
            >
              <IconCopy size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Box>
    </Box>
  );
}
