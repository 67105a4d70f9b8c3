import { MAX_DOCUMENT_BYTES, ONBOARDING_MESSAGES, type DocumentKind } from '@comptoir/contracts';

const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf']);
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|heic|heif|pdf)$/i;

/**
 * A quick check before sending, for an immediate French message. Only a courtesy: the server
 * reads the file's bytes and decides.
 */
export function fileProblem(file: File, kind?: DocumentKind): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) return ONBOARDING_MESSAGES.fileTooLarge;
  if (file.size === 0) return ONBOARDING_MESSAGES.fileType;
  // Some browsers give HEIC photos no MIME type: fall back on the name.
  const typeOk = file.type ? ACCEPTED_TYPES.has(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return ONBOARDING_MESSAGES.fileType;
  const isPdf = file.type ? file.type === 'application/pdf' : /\.pdf$/i.test(file.name);
  // A selfie is a photo of the applicant (the server refuses a PDF too).
  return kind === 'selfie' && isPdf ? ONBOARDING_MESSAGES.selfieNotAPhoto : null;
}

/** Whether the browser can show the file as an <img> preview. */
export const isPreviewable = (file: File): boolean => file.type === 'image/jpeg' || file.type === 'image/png';
