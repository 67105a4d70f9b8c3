export type CopyOutcome = 'copied' | 'empty' | 'failed';

/**
 * Puts `text` on the clipboard. Nothing to copy and a refused clipboard (permission, an insecure
 * page, an old browser without the API) are outcomes to tell the customer, not exceptions.
 */
export async function copyText(text: string | null | undefined): Promise<CopyOutcome> {
  const value = text?.trim();
  if (!value) return 'empty';
  try {
    await navigator.clipboard.writeText(value);
    return 'copied';
  } catch {
    return 'failed';
  }
}
