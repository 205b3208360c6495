import type { TestApp, TestUser } from '../../helpers';
import type { Draft } from '../../../../src/shared/drafts';

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
  /** Sent as the client_id field just before the file. */
  clientId?: string;
}

/** A multipart body as a browser's FormData sends it, with its content type. */
export async function multipartOf(files: UploadFile[], field = 'files'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const f of files) {
    if (f.clientId !== undefined) form.append('client_id', f.clientId);
    form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  return formBody(form);
}

/** A form as the browser sends it: its bytes and content type. */
export async function formBody(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

export async function uploadDrafts(t: TestApp, user: TestUser, files: UploadFile[]) {
  const body = await multipartOf(files);
  return t.request(user, { method: 'POST', url: '/receipts/drafts', ...body });
}

export async function listDrafts(t: TestApp, user: TestUser): Promise<Draft[]> {
  const res = await t.request(user, { method: 'GET', url: '/receipts/drafts' });
  if (res.statusCode !== 200) throw new Error(`GET /receipts/drafts: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The drafts once `done` holds for them (read in the background, so polled), or an error naming their states. */
export async function draftsWhen(t: TestApp, user: TestUser, done: (drafts: Draft[]) => boolean, timeoutMs = 60_000): Promise<Draft[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const drafts = await listDrafts(t, user);
    if (done(drafts)) return drafts;
    if (Date.now() > until) throw new Error(`drafts did not settle: ${drafts.map((d) => `${d.status}${d.error ? ` (${d.error})` : ''}`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const allSettled = (drafts: Draft[]) => drafts.every((d) => d.status === 'ready' || d.status === 'failed');
