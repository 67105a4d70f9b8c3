import { useState } from 'react';

/**
 * Whether a lazily loaded dialog should be mounted: from the first time it opens on, so that it is
 * not fetched before it is wanted and its closing still animates.
 */
export function useMountedOnceOpen(opened: boolean): boolean {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  return mounted || opened;
}
