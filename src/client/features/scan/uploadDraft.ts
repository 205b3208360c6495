import { clientConfig } from '../../app/config';
import { currentToken, renewToken } from '../../api/token';
import { uidOfToken } from '../../auth/storedSession';
import type { DraftUpload } from '../../../shared/drafts';

export const UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';
const OFFLINE = 'Cannot reach the Tally server. Check your connection.';
/** Status of an UploadError when the server could not be reached at all. */
export const UNREACHABLE = 0;

/** The photo is someone else's than the person signed in now: it is not sent with their token. */
export class NotTheOwner extends Error {}

/** What an upload carries besides the photo. */
export interface UploadOptions {
  /** The photo's client id: the server makes one draft of it however often it is sent. */
  clientId: string;
  /** Whose photo it is: refused with NotTheOwner unless the token is theirs. */
  owner?: string;
}

/** A refusal by the API, with its status (429 and 503 say when to try again). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

function send(photo: Blob, name: string, token: string | null, options: UploadOptions, onProgress: (fraction: number) => void): Promise<DraftUpload[]> {
  return new Promise((resolve, reject) => {
    if (options.owner && (!token || uidOfToken(token) !== options.owner)) return reject(new NotTheOwner('Signed in as someone else'));
    // XMLHttpRequest, not fetch: only it reports how much of the upload has gone.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${clientConfig().apiUrl.replace(/\/$/, '')}/receipts/drafts`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadError(OFFLINE, UNREACHABLE, null));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: the status says enough */
      }
      if (xhr.status === 202 && Array.isArray(body)) return resolve(body as DraftUpload[]);
      const message = (body as { message?: unknown } | null)?.message;
      const retryAfter = Number(xhr.getResponseHeader('retry-after'));
      reject(
        new UploadError(typeof message === 'string' ? message : UPLOAD_FAILED, xhr.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null),
      );
    };
    const form = new FormData();
    form.append('client_id', options.clientId);
    form.append('files', photo, name);
    xhr.send(form);
  });
}

/** Uploads one photo as a draft (POST /receipts/drafts), reporting progress from 0 to 1; a stale token is renewed once. */
export async function uploadDraftPhoto(photo: Blob, name: string, options: UploadOptions, onProgress: (fraction: number) => void): Promise<DraftUpload> {
  let answer: DraftUpload[];
  try {
    answer = await send(photo, name, await currentToken(), options, onProgress);
  } catch (err) {
    if (!(err instanceof UploadError && err.status === 401 && (await renewToken()))) throw err;
    answer = await send(photo, name, await currentToken(), options, onProgress);
  }
  const [upload] = answer;
  // A photo sent before answers with its draft, which may since have failed to be read: only no draft is a refusal.
  if (!upload || upload._id === null) throw new UploadError(upload?.error ?? UPLOAD_FAILED, 400, null);
  return upload;
}
