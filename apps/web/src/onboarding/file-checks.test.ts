import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, ONBOARDING_MESSAGES } from '@comptoir/contracts';
import { fileProblem, isPreviewable } from './file-checks.ts';

const file = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });

describe('fileProblem', () => {
  it.each([
    ['carte.jpg', 'image/jpeg'],
    ['carte.png', 'image/png'],
    ['photo.heic', 'image/heic'],
    ['photo.heif', 'image/heif'],
    ['justificatif.pdf', 'application/pdf'],
  ])('accepts %s (%s)', (name, type) => {
    expect(fileProblem(file(name, type))).toBeNull();
  });

  it('accepts a HEIC photo the browser gives no MIME type, by its name', () => {
    expect(fileProblem(file('IMG_0001.HEIC', ''))).toBeNull();
    expect(fileProblem(file('notes.txt', ''))).toBe(ONBOARDING_MESSAGES.fileType);
  });

  it('refuses another format, whatever its name', () => {
    expect(fileProblem(file('carte.jpg', 'image/gif'))).toBe(ONBOARDING_MESSAGES.fileType);
    expect(fileProblem(file('document.docx', 'application/msword'))).toBe(ONBOARDING_MESSAGES.fileType);
  });

  it('refuses an empty file and one over the size limit, accepts one at the limit', () => {
    expect(fileProblem(file('vide.pdf', 'application/pdf', 0))).toBe(ONBOARDING_MESSAGES.fileType);
    expect(fileProblem(file('gros.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1))).toBe(
      ONBOARDING_MESSAGES.fileTooLarge,
    );
    expect(fileProblem(file('juste.pdf', 'application/pdf', MAX_DOCUMENT_BYTES))).toBeNull();
  });
});

describe('fileProblem for a selfie', () => {
  it('refuses a PDF (by type, or by name when the browser gives none) and accepts photos', () => {
    expect(fileProblem(file('moi.pdf', 'application/pdf'), 'selfie')).toBe(
      ONBOARDING_MESSAGES.selfieNotAPhoto,
    );
    expect(fileProblem(file('moi.pdf', ''), 'selfie')).toBe(ONBOARDING_MESSAGES.selfieNotAPhoto);
    expect(fileProblem(file('moi.jpg', 'image/jpeg'), 'selfie')).toBeNull();
    expect(fileProblem(file('IMG_0001.HEIC', ''), 'selfie')).toBeNull();
    expect(fileProblem(file('justificatif.pdf', 'application/pdf'), 'proof_of_address')).toBeNull();
  });
});

describe('isPreviewable', () => {
  it('previews JPEG and PNG only (a browser cannot show HEIC or PDF in an <img>)', () => {
    expect(isPreviewable(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isPreviewable(file('a.png', 'image/png'))).toBe(true);
    expect(isPreviewable(file('a.heic', 'image/heic'))).toBe(false);
    expect(isPreviewable(file('a.pdf', 'application/pdf'))).toBe(false);
  });
});
