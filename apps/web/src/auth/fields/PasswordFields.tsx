import type { ComponentPropsWithRef } from 'react';
import { PasswordInput } from '@mantine/core';

type PasswordFieldProps = Omit<ComponentPropsWithRef<typeof PasswordInput>, 'autoComplete'>;

/** The password in force (sign-in, confirming a change), with Mantine's show/hide toggle. */
export function CurrentPasswordField(props: PasswordFieldProps) {
  return <PasswordInput autoComplete="current-password" {...props} />;
}

/** A password being chosen: `description` carries the strength rule, browsers may suggest one. */
export function NewPasswordField(props: PasswordFieldProps) {
  return <PasswordInput autoComplete="new-password" {...props} />;
}
