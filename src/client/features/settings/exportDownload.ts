import { toApiError, type ApiError } from '../../api/api';
import { currentToken } from '../../api/token';
import { clientConfig } from '../../app/config';

/** The file name the server chose ('attachment; filename="tally-receipts-2025-03-04.csv"'). */
export function attachmentName(disposition: string | null): string | null {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m ? m[1] : null;
}

/**
 * A GET of the API saved as a file download (the export, the evidence pack, the backup). Not an
 * RTK Query endpoint: a file is not state, and a Blob does not belong in the store. Throws an
 * ApiError like the endpoint hooks do; answers the file's name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const token = await currentToken();
  let res: Response;
  try {
    res = await fetch(`${clientConfig().apiUrl.replace(/\/$/, '')}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      cache: 'no-store',
    });
  } catch {
    throw toApiError({ status: 'FETCH_ERROR', error: 'fetch failed' });
  }
  if (!res.ok) {
    const data = await res.json().catch(() => undefined);
    throw toApiError({ status: res.status, data }) satisfies ApiError;
  }
  const name = attachmentName(res.headers.get('content-disposition')) ?? fallbackName;
  saveFile(await res.blob(), name);
  return name;
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: the browser reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
