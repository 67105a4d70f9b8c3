import { Suspense, useEffect, useState } from 'react';
import { useMyDocumentRequests } from '../../api/document-requests.ts';
import { preloadable } from '../../ui/preloadable.tsx';
import { useMountedOnceOpen } from '../../ui/use-mounted-once-open.ts';
import { onOpenDocumentRequests } from './document-dialog.ts';

// The dialog (its upload control) is a chunk of its own, fetched when a request is waiting.
const { Component: DocumentRequestModal } = preloadable(() =>
  import('./DocumentRequestModal.tsx').then((m) => m.DocumentRequestModal),
);

/**
 * docs/product/statements-and-documents.md#documents-the-bank-asks-for: while a request waits for the customer's document, a dialog opens
 * at each load of the customer area with the kind, the reason and an upload control. « Plus tard »
 * closes it until the next visit; the hold message of a refused payment opens it again.
 */
export function DocumentRequestDialog() {
  const requests = useMyDocumentRequests();
  const open = (requests.data ?? []).filter((r) => r.status === 'open');
  const [dismissed, setDismissed] = useState(false);
  const [sent, setSent] = useState(false);

  const { refetch } = requests;
  useEffect(
    () =>
      onOpenDocumentRequests(() => {
        setDismissed(false);
        setSent(false);
        void refetch();
      }),
    [refetch],
  );

  const current = open[0];
  const opened = !dismissed && (sent || current !== undefined);
  const close = () => {
    setDismissed(true);
    setSent(false);
  };

  const mounted = useMountedOnceOpen(opened);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <DocumentRequestModal
        opened={opened}
        current={current}
        sent={sent}
        onSent={() => setSent(true)}
        close={close}
      />
    </Suspense>
  );
}
