import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { DocumentKind } from '@comptoir/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import { uploadDocument } from '../api/onboarding.ts';
import { DocumentField } from './DocumentField.tsx';
import { fileProblem } from './file-checks.ts';

export interface UploadSlot {
  kind: DocumentKind;
  label: string;
  capture: 'user' | 'environment';
}

type Phase =
  | { name: 'idle' }
  | { name: 'uploading'; percent: number }
  | { name: 'success'; count: number }
  | { name: 'error'; detail: string | null };

interface DocumentUploadFormProps {
  slots: readonly UploadSlot[];
  /** Kinds already on the server: they need no new file. */
  uploadedKinds: readonly DocumentKind[];
  /** The failure sentence of this screen (docs/product/onboarding.md#steps). */
  failureMessage: string;
  /** Once every slot is on the server. */
  continueLabel: string;
  onContinue: () => void;
  continuePending?: boolean;
  /** Called after a successful upload (reload what the server now holds). */
  onUploaded: () => Promise<unknown>;
}

/**
 * The upload states (docs/product/onboarding.md#steps): idle → « Chargement... » with a progress bar and the button
 * « Téléchargement... » → « Fichier(s) téléchargé(s) avec succès ! » or the screen's failure
 * sentence. Files are checked here for a quick message; the server checks their content.
 */
export function DocumentUploadForm({
  slots,
  uploadedKinds,
  failureMessage,
  continueLabel,
  onContinue,
  continuePending = false,
  onUploaded,
}: DocumentUploadFormProps) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<Partial<Record<DocumentKind, File | null>>>({});
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DocumentKind, string | true>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const uploading = phase.name === 'uploading';
  const chosen = slots.filter((slot) => files[slot.kind]);
  const allOnServer = slots.every((slot) => uploadedKinds.includes(slot.kind));
  const canContinue = allOnServer && chosen.length === 0;

  const choose = (kind: DocumentKind, file: File | null) => {
    setFiles((current) => ({ ...current, [kind]: file }));
    setFieldErrors((current) => ({ ...current, [kind]: (file && fileProblem(file, kind)) ?? undefined }));
    setFormError(null);
    if (phase.name !== 'uploading') setPhase({ name: 'idle' });
  };

  const submit = async () => {
    const missing = slots.filter((slot) => !files[slot.kind] && !uploadedKinds.includes(slot.kind));
    if (missing.length > 0) {
      setFieldErrors((current) => ({
        ...current,
        ...Object.fromEntries(missing.map((slot) => [slot.kind, true])),
      }));
      setFormError(slots.length > 1 ? t('onboarding.upload.bothFiles') : t('onboarding.upload.fileMissing'));
      return;
    }
    const problems = chosen.map((slot) => [slot.kind, fileProblem(files[slot.kind]!, slot.kind)] as const);
    if (problems.some(([, problem]) => problem)) {
      setFieldErrors((current) => ({
        ...current,
        ...Object.fromEntries(problems.filter(([, problem]) => problem)),
      }));
      return;
    }

    const controller = new AbortController();
    abort.current = controller;
    const total = chosen.reduce((sum, slot) => sum + files[slot.kind]!.size, 0) || 1;
    let sentBefore = 0;
    setPhase({ name: 'uploading', percent: 0 });
    try {
      for (const slot of chosen) {
        const file = files[slot.kind]!;
        await uploadDocument(slot.kind, file, {
          signal: controller.signal,
          onProgress: ({ loaded }) =>
            setPhase({
              name: 'uploading',
              percent: Math.min(100, Math.round(((sentBefore + Math.min(loaded, file.size)) / total) * 100)),
            }),
        });
        sentBefore += file.size;
      }
      await onUploaded();
      setFiles({});
      setPhase({ name: 'success', count: chosen.length });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // The server's reason helps when it is about the file (type, size, too many attempts) or
      // when it is too busy right now (503: try again in a few seconds).
      const detail =
        isApiError(error) &&
        ((error.status >= 400 && error.status < 500 && error.status !== 401) || error.status === 503)
          ? error.detail
          : null;
      setPhase({ name: 'error', detail });
      await onUploaded().catch(() => undefined);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canContinue) onContinue();
        else void submit();
      }}
    >
      <Stack gap="lg">
        {slots.map((slot) => (
          <DocumentField
            key={slot.kind}
            label={slot.label}
            capture={slot.capture}
            photoOnly={slot.kind === 'selfie'}
            value={files[slot.kind] ?? null}
            onChange={(file) => choose(slot.kind, file)}
            error={fieldErrors[slot.kind]}
            alreadySent={uploadedKinds.includes(slot.kind)}
            disabled={uploading}
          />
        ))}

        <div role="status" aria-live="polite">
          {phase.name === 'uploading' && (
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t('onboarding.upload.uploading')}
              </Text>
              <Progress
                value={phase.percent}
                animated
                striped
                aria-label={t('onboarding.upload.progressLabel')}
              />
            </Stack>
          )}
          {phase.name === 'success' && (
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={20} aria-hidden />}
              style={{ textWrap: 'balance' }}
            >
              {phase.count > 1 ? t('onboarding.upload.successMany') : t('onboarding.upload.successOne')}
            </Alert>
          )}
        </div>
        {phase.name === 'error' && (
          <Alert color="red" variant="light" role="alert" style={{ textWrap: 'balance' }}>
            <Text size="sm">{failureMessage}</Text>
            {phase.detail && (
              <Text size="sm" mt={4}>
                {phase.detail}
              </Text>
            )}
          </Alert>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}

        <Button type="submit" size="md" fullWidth loading={continuePending} disabled={uploading}>
          {uploading
            ? t('onboarding.upload.uploadingButton')
            : canContinue
              ? continueLabel
              : t('onboarding.upload.submit')}
        </Button>
      </Stack>
    </form>
  );
}
