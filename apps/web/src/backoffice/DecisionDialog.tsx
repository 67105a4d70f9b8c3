import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import classes from './contrast.module.css';

/** The note a decision carries: its field, registered with the dialog's form. */
export interface DecisionNote {
  label: string;
  description?: string;
  required?: boolean;
  minRows: number;
  maxLength: number;
  /** The form's message for the field, in French. */
  error: string | undefined;
  field: UseFormRegisterReturn;
}

/** What the dialog shows of its mutation: the pending submit and the server's refusal. */
export interface DecisionMutation {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * The frame of a back-office decision: what the step does (`intro`, then what the dialog alone
 * shows), the note when the decision takes one, the server's French error, cancel and submit. The
 * note takes the focus, or cancel when there is none, so Enter never decides by accident.
 */
export function DecisionDialog({
  title,
  intro,
  note,
  mutation,
  cancelLabel,
  submitLabel,
  submitColor,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  intro: string;
  note?: DecisionNote;
  mutation: DecisionMutation;
  cancelLabel: string;
  submitLabel: string;
  submitColor?: string;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      radius="md"
      classNames={{ content: classes.readable }}
      closeButtonProps={{ 'aria-label': cancelLabel }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          {children}
          {note && (
            <Textarea
              label={note.label}
              description={note.description}
              autosize
              minRows={note.minRows}
              maxLength={note.maxLength}
              required={note.required}
              data-autofocus
              error={note.error}
              {...note.field}
            />
          )}
          {mutation.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('backoffice.errors.withDetail', {
                message: isApiError(mutation.error) ? mutation.error.detail : t('backoffice.errors.generic'),
              })}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus={note ? undefined : true}>
              {cancelLabel}
            </Button>
            <Button type="submit" color={submitColor} loading={mutation.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
