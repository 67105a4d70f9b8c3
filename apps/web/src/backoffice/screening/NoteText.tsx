import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** An operator's note as they wrote it: its line breaks kept, a long word broken, dimmed. */
export function NoteText({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
