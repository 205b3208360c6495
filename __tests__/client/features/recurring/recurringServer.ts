import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Buffer } from 'node:buffer';
import type { RecurringSeries, RecurringUpdate } from '../../../../src/shared/recurring';
import { setClientConfig } from '../../../../src/client/app/config';

export interface SentRequest {
  method: string;
  /** The path without its query. */
  path: string;
  body: unknown;
}

/**
 * A stand-in for the API on a local port, so that the page's requests go over real HTTP and a
 * test reads what was sent. GET /recurring answers the list; PUT /recurring/{id} changes it like
 * the contract says (404 'Recurring bill not found' for an id it does not hold). Anything else
 * answers 200 with an empty object and is only recorded.
 */
export async function startRecurringServer(initial: RecurringSeries[]) {
  let list: RecurringSeries[] = JSON.parse(JSON.stringify(initial));
  const requests: SentRequest[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const path = (req.url ?? '').split('?')[0];
    const body: unknown = text ? JSON.parse(text) : undefined;
    requests.push({ method: req.method ?? '', path, body });
    const answer = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };

    const put = /^\/recurring\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && path === '/recurring') return answer(200, list);
    if (req.method === 'PUT' && put) {
      const id = decodeURIComponent(put[1]);
      const old = list.find((s) => s._id === id);
      if (!old) return answer(404, { statusCode: 404, error: 'Not Found', message: 'Recurring bill not found' });
      const next = { ...old, ...(body as RecurringUpdate) };
      next.edited = next.amount !== next.found_amount || next.interval !== next.found_interval;
      list = list.map((s) => (s._id === id ? next : s));
      return answer(200, next);
    }
    answer(200, {});
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setClientConfig({ apiUrl: `http://127.0.0.1:${port}`, firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });

  return {
    requests,
    /** The PUTs sent, as path and body. */
    puts: () => requests.filter((r) => r.method === 'PUT').map(({ path, body }) => ({ path, body })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
