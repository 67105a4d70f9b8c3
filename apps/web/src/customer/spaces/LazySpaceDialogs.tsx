import { Suspense } from 'react';
import type { Account } from '@comptoir/contracts';
import { preloadable, usePreload } from '../../ui/preloadable.tsx';
import { useMountedOnceOpen } from '../../ui/use-mounted-once-open.ts';
import type { SpaceDialog } from './SpaceDialogs.tsx';

// The Espace dialogs (their forms) are a chunk of their own, fetched once the screen is shown.
const { Component: SpaceDialogs, preload } = preloadable(() =>
  import('./SpaceDialogs.tsx').then((m) => m.SpaceDialogs),
);

/** `SpaceDialogs`, mounted from the first dialog opened on (so that closing still animates). */
export function LazySpaceDialogs(props: {
  dialog: SpaceDialog | null;
  main: Account | undefined;
  onClose: () => void;
}) {
  usePreload(preload);
  if (!useMountedOnceOpen(props.dialog !== null)) return null;
  return (
    <Suspense fallback={null}>
      <SpaceDialogs {...props} />
    </Suspense>
  );
}
