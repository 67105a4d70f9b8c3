import { Suspense, useState } from 'react';
import type { Account } from '@comptoir/contracts';
import { preloadable, usePreload } from '../../ui/preloadable.tsx';
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
  const [needed, setNeeded] = useState(false);
  if (props.dialog !== null && !needed) setNeeded(true);
  if (!needed && props.dialog === null) return null;
  return (
    <Suspense fallback={null}>
      <SpaceDialogs {...props} />
    </Suspense>
  );
}
