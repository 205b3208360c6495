import type { ImportMapping } from '../../../../src/shared/imports';

export interface StatementUpload {
  bytes: Buffer;
  name?: string;
  type?: string;
  mapping?: ImportMapping | string;
}

/** A multipart form as a browser sends it to POST /api/import/preview: the mapping (when chosen) and the file. */
export async function statementForm({ bytes, name = 'statement.csv', type = 'text/csv', mapping }: StatementUpload) {
  const form = new FormData();
  if (mapping !== undefined) form.append('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}
