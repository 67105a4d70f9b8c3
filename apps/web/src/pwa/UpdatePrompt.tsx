import { useEffect, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { registerServiceWorker, type ApplyUpdate } from './service-worker.ts';
import classes from './UpdatePrompt.module.css';

/**
 * « Nouvelle version disponible — Recharger »: shown when a new version of the app is waiting.
 * It stays until the customer reloads (a form being filled is never lost to an automatic reload).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [apply, setApply] = useState<ApplyUpdate | null>(null);
  const [reloading, setReloading] = useState(false);

  useEffect(() => registerServiceWorker((next) => setApply(() => next)), []);

  // The live region exists before the message, so that screen readers announce it.
  return (
    <div className={classes.dock} role="status" aria-live="polite">
      {apply && (
        <Paper className={classes.card} shadow="md" withBorder radius="md" p="sm" data-testid="update-prompt">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fw={600} size="sm">
              {t('installableApp.update.available')}
            </Text>
            <Button
              className={classes.action}
              size="xs"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={reloading}
              onClick={() => {
                setReloading(true);
                apply();
              }}
            >
              {t('installableApp.update.reload')}
            </Button>
          </Group>
        </Paper>
      )}
    </div>
  );
}
