import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { NoteText } from './NoteText.tsx';

/**
 * A step already taken on a card — who did what, and when — with the note they left, if any, and
 * what followed (`children`).
 */
export function StepRecord({
  line,
  note,
  testId,
  children,
}: {
  line: string;
  /** The note's line, ready to show; absent when the step has none. */
  note?: string | undefined;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="sm">{line}</Text>
      {note && <NoteText>{note}</NoteText>}
      {children}
    </Stack>
  );
}
