import { useId, type ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * A titled block: of the manage panel (under its dialog's h2, so an h3 by default), or of a page
 * whose h1 it follows directly (`order={2}`), so headings never skip a level.
 */
export function Section({
  title,
  hint,
  children,
  testId,
  order = 3,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
  order?: 2 | 3;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      aria-labelledby={id}
      data-testid={testId}
    >
      <Stack gap="sm">
        <div>
          <Title id={id} order={order} fz="h4">
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
