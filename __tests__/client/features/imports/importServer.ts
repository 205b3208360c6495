import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Buffer } from 'node:buffer';
import type { ImportCommitBody, ImportMapping } from '../../../../src/shared/imports';
import { setClientConfig } from '../../../../src/client/app/config';

/** What the page sent to POST /api/import/preview, read from the multipart body as a server would. */
export interface SentPreview {
  fileName: string;
  fileText: string;
  mapping: ImportMapping | undefined;
  /** The multipart fields in the order they came. */
  fields: string[];
  authorization: string | undefined;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * A stand-in for the import API on a local port: the page's requests go over real HTTP (the
 * file as multipart/form-data), a test reads what was sent and decides each answer.
 */
export async function startImportServer(answers: { preview: (sent: SentPreview) => Answer; commit: (body: ImportCommitBody) => Answer }) {
  const previews: SentPreview[] = [];
  const commits: ImportCommitBody[] = [];
  const others: string[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const answer = ({ status, body }: Answer) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/api/import/preview') {
      const form = await new Response(raw, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
      const file = form.get('file') as File;
      const mapping = form.get('mapping');
      const sent: SentPreview = {
        fileName: file.name,
        fileText: await file.text(),
        mapping: typeof mapping === 'string' ? JSON.parse(mapping) : undefined,
        fields: [...form.keys()],
        authorization: req.headers.authorization,
      };
      previews.push(sent);
      return answer(answers.preview(sent));
    }
    if (req.method === 'POST' && path === '/api/import/commit') {
      const body = JSON.parse(raw.toString()) as ImportCommitBody;
      commits.push(body);
      return answer(answers.commit(body));
    }
    // The receipts and sums a commit makes stale are asked for again: only recorded.
    others.push(`${req.method} ${path}`);
    answer({ status: 200, body: {} });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setClientConfig({ apiUrl: `http://127.0.0.1:${port}`, firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });

  return {
    previews,
    commits,
    others,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
