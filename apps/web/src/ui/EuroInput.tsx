import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * A euro amount, typed as text (« 12,50 ») and turned into cents only on submit: the decimal
 * keyboard on phones, « € » at the end of the field. Any TextInput property passes through.
 */
export function EuroInput({ ref, ...props }: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      placeholder="0,00"
      inputMode="decimal"
      autoComplete="off"
      rightSection={<Text c="dimmed">€</Text>}
      ref={ref}
      {...props}
    />
  );
}
