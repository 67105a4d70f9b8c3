import {
  CSRF_HEADER,
  CSRF_VALUE,
  buildPath,
  type PathParamValues,
  type RouteResponse,
} from '@comptoir/contracts';
import { answerSchema, type Callable, type Definition } from './client.ts';
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
export function uploadFile<T extends Callable & { method: 'POST' }>(
  route: T,
  params: PathParamValues<T['path']>,
  fields: Record<string, string>,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<RouteResponse<Definition<T>>> {
  const path = buildPath(route.path, params);
  const schema = answerSchema(route);
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
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(problemToApiError(xhr.status, json, i18n.t('errors.generic')));
        return;
      }
      if (!schema) {
        resolve((json ?? undefined) as RouteResponse<Definition<T>>);
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
      resolve(parsed.data as RouteResponse<Definition<T>>);
    };

    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
