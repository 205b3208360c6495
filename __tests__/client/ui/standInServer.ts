import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Buffer } from 'node:buffer';
import { setClientConfig } from '../../../src/client/app/config';

export interface SentRequest {
  method: string;
  /** The path without its query. */
  path: string;
  /** The query, without its '?' ('' when none). */
  query: string;
  /** The JSON body, when there was one (any other body as its text). */
  body: unknown;
  /** Its headers, as Node names them (lower case). */
  headers: http.IncomingHttpHeaders;
}

export interface Answer {
  status: number;
  /** Sent as JSON; none for a 204. */
  body?: unknown;
}

/** A JSON body parsed; anything else (a multipart form) as its text. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A stand-in for the API on a local port, the app pointed at it: a screen's requests go over
 * real HTTP, each is recorded, and `answer` decides what it gets, as the route would.
 */
export async function startStandInServer(answer: (sent: SentRequest) => Answer) {
  const requests: SentRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const sent: SentRequest = {
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0],
      query: (req.url ?? '').split('?')[1] ?? '',
      body: text ? jsonOrText(text) : undefined,
      headers: req.headers,
    };
    requests.push(sent);
    const { status, body } = answer(sent);
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setClientConfig({ apiUrl: `http://127.0.0.1:${port}`, firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });
  return {
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
