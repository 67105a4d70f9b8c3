import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Pages of a list the server pages by cursor, newest first: the cursors of the pages already seen,
 * so « Plus récents » goes back; a new filter starts again from the first page.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors.at(-1) ?? null,
    hasNewer: cursors.length > 1,
    newer: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    older: (next: string | null | undefined) => {
      if (next) setCursors((c) => [...c, next]);
    },
    reset: () => setCursors([null]),
  };
}

/** « Plus récents » / « Plus anciens » under a list paged with `useCursorPages`. */
export function CursorPager({
  pages,
  nextCursor,
}: {
  pages: ReturnType<typeof useCursorPages>;
  nextCursor: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Button variant="default" disabled={!pages.hasNewer} onClick={pages.newer}>
        {t('backoffice.audit.newer')}
      </Button>
      <Button variant="default" disabled={!nextCursor} onClick={() => pages.older(nextCursor)}>
        {t('backoffice.audit.older')}
      </Button>
    </Group>
  );
}
