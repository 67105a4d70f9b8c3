import { SCA_TOKEN_HEADER } from '@comptoir/contracts';
import { dataExportRoutes } from '@comptoir/contracts/client';
import { apiDownload } from './client.ts';

/**
 * `GET /api/me/data-export` with the token of a `data_export` strong authentication: the customer's
 * data as one JSON file, and the name the server gave it.
 */
export const downloadMyData = (scaToken: string) =>
  apiDownload(dataExportRoutes.getMeDataExport, { headers: { [SCA_TOKEN_HEADER]: scaToken } });

/** Hands a file to the browser's downloads, then lets go of it. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
