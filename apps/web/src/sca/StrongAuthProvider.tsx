import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { ScaChallengeRequest } from '@comptoir/contracts';
import { preloadable, usePreload } from '../ui/preloadable.tsx';
import { StrongAuthContext, type StrongAuth, type StrongAuthInput } from './strong-auth-context.ts';

// The dialog (its forms, passkeys) is a chunk of its own, fetched once the area is shown.
const { Component: StrongAuthDialog, preload } = preloadable(() =>
  import('./StrongAuthDialog.tsx').then((m) => m.StrongAuthDialog),
);

interface OpenRequest extends StrongAuthInput {
  key: number;
  resolve: (token: string | null) => void;
}

/** Holds the one SCA confirmation dialog of the customer area; `useStrongAuth().confirm` opens it. */
export function StrongAuthProvider(props: { children: React.ReactNode }): React.JSX.Element {
  usePreload(preload);
  const [request, setRequest] = useState<OpenRequest | null>(null);
  const counter = useRef(0);

  const confirm = useCallback(
    (input: StrongAuthInput) =>
      new Promise<string | null>((resolve) => {
        counter.current += 1;
        const key = counter.current;
        setRequest((previous) => {
          previous?.resolve(null);
          return { ...input, key, resolve };
        });
      }),
    [],
  );

  const finish = useCallback((token: string | null) => {
    setRequest((current) => {
      current?.resolve(token);
      return null;
    });
  }, []);

  const value = useMemo<StrongAuth>(() => ({ confirm }), [confirm]);

  return (
    <StrongAuthContext.Provider value={value}>
      {props.children}
      {request && (
        <Suspense fallback={null}>
          <StrongAuthDialog
            key={request.key}
            title={request.title}
            summary={request.summary}
            challenge={{ action: request.action, details: request.details } as ScaChallengeRequest}
            onDone={finish}
          />
        </Suspense>
      )}
    </StrongAuthContext.Provider>
  );
}
