import type { ComponentPropsWithRef } from 'react';
import { TextInput } from '@mantine/core';

type TotpCodeFieldProps = Omit<ComponentPropsWithRef<typeof TextInput>, 'inputMode' | 'autoComplete'>;

/** A 6-digit code from an authenticator app: the digit keyboard, filled in from the OS if offered. */
export function TotpCodeField(props: TotpCodeFieldProps) {
  return <TextInput inputMode="numeric" autoComplete="one-time-code" {...props} />;
}
