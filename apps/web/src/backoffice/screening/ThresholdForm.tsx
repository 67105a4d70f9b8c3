import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { UpdateScreeningSettingsRequest, type ScreeningSettings } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error.ts';
import { useScreeningSettings, useUpdateScreeningSettings } from '../../api/backoffice-screening.ts';
import { notifySuccess } from '../../ui/toasts.ts';
import { formatDateTime } from '../format.ts';
import { useCan } from '../permissions.ts';
import { Section } from '../Section.tsx';

/**
 * The match threshold: a score at or above it opens an alert. An admin changes it (audited; the
 * next screenings use it); compliance reads it, with who changed it last and when.
 */
export function ThresholdForm() {
  const { t } = useTranslation();
  const settings = useScreeningSettings();
  const canChange = useCan()('screeningSettings');

  return (
    <Section
      order={2}
      title={t('backofficeScreening.settings.title')}
      hint={t('backofficeScreening.settings.hint')}
      testId="bo-screening-threshold"
    >
      {settings.isPending ? (
        <Loader size="sm" aria-label={t('backofficeScreening.settings.loading')} />
      ) : settings.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('backoffice.errors.withDetail', {
            message: isApiError(settings.error) ? settings.error.detail : t('backoffice.errors.generic'),
          })}
        </Alert>
      ) : (
        <Stack gap="sm">
          {canChange ? (
            // A new form when the saved value changes: the field starts from it.
            <ThresholdFields key={settings.data.matchThreshold} current={settings.data.matchThreshold} />
          ) : (
            <>
              <Text fz="xl" fw={700} data-testid="bo-screening-threshold-value">
                {settings.data.matchThreshold}
              </Text>
              <Text size="sm" c="dimmed">
                {t('backofficeScreening.settings.readOnly')}
              </Text>
            </>
          )}
          <LastChange settings={settings.data} />
        </Stack>
      )}
    </Section>
  );
}

function LastChange({ settings }: { settings: ScreeningSettings }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {settings.updatedAt
        ? t('backofficeScreening.settings.updated', {
            date: formatDateTime(settings.updatedAt, t('backoffice.panel.dateFormat')),
            by: settings.updatedBy ?? '—',
          })
        : t('backofficeScreening.settings.never')}
    </Text>
  );
}

function ThresholdFields({ current }: { current: number }) {
  const { t } = useTranslation();
  const update = useUpdateScreeningSettings();
  const [value, setValue] = useState<string | number>(current);
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateScreeningSettingsRequest.safeParse({ matchThreshold: Number(value) });
    if (value === '' || !parsed.success) return setInvalid(t('backofficeScreening.settings.invalid'));
    setInvalid(null);
    update.mutate(parsed.data, { onSuccess: () => notifySuccess(t('backofficeScreening.settings.saved')) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NumberInput
            label={t('backofficeScreening.settings.threshold')}
            value={value}
            onChange={setValue}
            min={1}
            max={100}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            required
            error={invalid}
            w={180}
          />
          <Button type="submit" loading={update.isPending} disabled={Number(value) === current}>
            {t('backofficeScreening.settings.save')}
          </Button>
        </Group>
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('backoffice.errors.withDetail', {
              message: isApiError(update.error) ? update.error.detail : t('backoffice.errors.generic'),
            })}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
