import { useEffect, useMemo, useState } from 'react';
import { Box, Button, FileButton, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCircleCheck, IconFileText, IconUpload } from '@tabler/icons-react';
import { DOCUMENT_ACCEPT, PHOTO_ACCEPT } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isPreviewable } from './file-checks.ts';
import classes from './DocumentField.module.css';

interface DocumentFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** `user` opens the front camera (selfie), `environment` the back one (documents). */
  capture: 'user' | 'environment';
  /** A photo only (the selfie): the picker and its hint leave PDF out. */
  photoOnly?: boolean;
  error?: string | boolean | undefined;
  /** A document of this kind is already on the server. */
  alreadySent?: boolean;
  disabled?: boolean;
}

/**
 * One document: a file picker (which on phones also offers the camera and the gallery), a
 * « Prendre une photo » button straight to the camera on touch screens, and a preview.
 */
export function DocumentField({
  label,
  value,
  onChange,
  capture,
  photoOnly = false,
  error,
  alreadySent = false,
  disabled = false,
}: DocumentFieldProps) {
  const { t } = useTranslation();
  const previewUrl = useMemo(
    () => (value && isPreviewable(value) ? URL.createObjectURL(value) : null),
    [value],
  );
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  // A file that only claims to be an image shows its name instead of a broken picture.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const accept = photoOnly ? PHOTO_ACCEPT : DOCUMENT_ACCEPT;

  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={
          alreadySent && !value
            ? t('onboarding.upload.alreadySent')
            : t(photoOnly ? 'onboarding.upload.photoFormats' : 'onboarding.upload.formats')
        }
        placeholder={t('onboarding.upload.placeholder')}
        styles={{ placeholder: { color: error ? undefined : 'var(--mantine-color-gray-7)' } }}
        accept={accept}
        leftSection={<IconUpload size={18} aria-hidden />}
        rightSection={
          alreadySent && !value ? (
            <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          ) : undefined
        }
        value={value}
        onChange={onChange}
        clearable
        clearButtonProps={{ 'aria-label': t('onboarding.upload.clear', { label }) }}
        required
        disabled={disabled}
        error={error}
      />
      <Box className={classes.camera}>
        <FileButton onChange={onChange} accept={accept} capture={capture} disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="sm"
              fullWidth
              leftSection={<IconCamera size={18} aria-hidden />}
              aria-label={t('onboarding.upload.takePhotoOf', { label })}
            >
              {t('onboarding.upload.takePhoto')}
            </Button>
          )}
        </FileButton>
      </Box>
      {value && (
        <div>
          {previewUrl && brokenUrl !== previewUrl ? (
            <img
              className={classes.preview}
              src={previewUrl}
              onError={() => setBrokenUrl(previewUrl)}
              alt={t('onboarding.upload.preview', { name: value.name })}
            />
          ) : (
            <Group gap={6} wrap="nowrap">
              <IconFileText size={18} aria-hidden />
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {t('onboarding.upload.selected', { name: value.name })}
              </Text>
            </Group>
          )}
        </div>
      )}
    </Stack>
  );
}
