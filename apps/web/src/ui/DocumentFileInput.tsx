import { FileInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { DOCUMENT_ACCEPT } from '@comptoir/contracts';

export interface DocumentFileInputProps {
  label: string;
  description: string;
  placeholder: string;
  /** The accessible name of the button that clears the chosen file. */
  clearLabel: string;
  value: File | null;
  onChange: (file: File | null) => void;
  required?: boolean;
  testId: string;
}

/**
 * The control a customer picks a supporting document with (a photo or a PDF the server accepts:
 * `DOCUMENT_ACCEPT`), clearable, its placeholder legible on white: one field for document requests
 * and identity change requests.
 */
export function DocumentFileInput(props: DocumentFileInputProps) {
  return (
    <FileInput
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      accept={DOCUMENT_ACCEPT}
      value={props.value}
      onChange={props.onChange}
      leftSection={<IconFileUpload size={18} aria-hidden />}
      clearable
      clearButtonProps={{ 'aria-label': props.clearLabel }}
      required={props.required ?? false}
      data-testid={props.testId}
    />
  );
}
