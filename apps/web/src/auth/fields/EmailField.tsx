import type { ComponentPropsWithRef } from 'react';
import { TextInput } from '@mantine/core';

type EmailFieldProps = Omit<ComponentPropsWithRef<typeof TextInput>, 'type' | 'inputMode'>;

/** An e-mail address: the e-mail keyboard on phones; `autoComplete` says whether it signs in. */
export function EmailField(props: EmailFieldProps) {
  return <TextInput type="email" inputMode="email" {...props} />;
}
