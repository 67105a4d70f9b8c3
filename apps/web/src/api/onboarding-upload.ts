import type { z } from 'zod';
import { CSRF_HEADER, CSRF_VALUE } from '@comptoir/contracts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError, problemToApiError } from './api-error.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * `POST` of one file as multipart (`kind`, `file`) with upload progress — fetch cannot report
 * upload progress everywhere yet, XMLHttpRequest can. Same rules as the JSON client: same-origin
 * cookies, the anti-CSRF header, RFC 9457 problems turned into `ApiError`.
 */
export function uploadFile<S extends z.ZodType>(
  path: string,
  fields: Record<string, string>,
  file: File,
  schema: S,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    // Fields first: a streaming server reads them before the file.
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('file', file, file.name);

    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader(CSRF_HEADER, CSRF_VALUE);
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'unavailable', detail: i18n.t('errors.network') }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(problemToApiError(xhr.status, json, i18n.t('errors.generic')));
        return;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        console.error(`Unexpected answer from POST ${path}`, parsed.error.issues);
        reject(
          new ApiError({ status: xhr.status, code: 'internal_error', detail: i18n.t('errors.generic') }),
        );
        return;
      }
      resolve(parsed.data);
    };

    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
