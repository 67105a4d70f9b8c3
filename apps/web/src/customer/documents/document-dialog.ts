/** Asks the document-request dialog (mounted once in the customer layout) to open again. */
const EVENT = 'comptoir:document-requests';

export const openDocumentRequests = (): void => {
  window.dispatchEvent(new Event(EVENT));
};

export function onOpenDocumentRequests(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
