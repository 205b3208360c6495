import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendEarly } from '../../../src/client/api/earlyAnswers';
import { earlyDataPaths } from '../../../src/client/app/earlyData';
import { setTokenSource } from '../../../src/client/api/token';
import { setClientConfig, clientConfig } from '../../../src/client/app/config';
import { makeStore, type AppStore } from '../../../src/client/app/store';
import { prefetchFirstScreen } from '../../../src/client/app/prefetchFirstScreen';
import { dashboardApi } from '../../../src/client/features/dashboard/dashboardApi';

interface Seen {
  url: string;
  authorization: string | undefined;
}

/**
 * A local API that answers every GET with the path and the token it was asked with, and drops the
 * connection of the requests `drop` picks (a network that failed on the way).
 */
async function startApi(drop: (seen: Seen, index: number) => boolean = () => false) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const entry = { url: req.url ?? '', authorization: req.headers.authorization };
    seen.push(entry);
    if (drop(entry, seen.length - 1)) return req.socket.destroy();
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify({ answered: entry.url, to: entry.authorization }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setClientConfig({ apiUrl: `http://127.0.0.1:${port}`, firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });
  return {
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let api: Awaited<ReturnType<typeof startApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
  jest.useRealTimers();
});

const signedInAs = (token: string) => setTokenSource({ current: async () => token, renew: async () => false });

/** Starts the store's first-screen queries, as start-up does, and waits for them all. */
async function prefetched(store: AppStore, pathname: string): Promise<void> {
  prefetchFirstScreen(store.dispatch, pathname);
  await Promise.all(store.dispatch(dashboardApi.util.getRunningQueriesThunk()));
}

/** Start-up at `pathname`: the entry sends with `sentWith`'s token, then the store starts signed in as `signedIn`. */
async function startUp(pathname: string, sentWith: string, signedIn = sentWith): Promise<AppStore> {
  sendEarly(clientConfig().apiUrl, earlyDataPaths(pathname), sentWith);
  signedInAs(signedIn);
  const store = makeStore();
  await prefetched(store, pathname);
  return store;
}

it("answers the dashboard's query with the figures the entry asked for, in one request", async () => {
  api = await startApi();
  const store = await startUp('/', 'token-a');

  // Asked once, by the entry, with the person's token and the viewer's zone: the store sent nothing of its own.
  expect(api.seen).toEqual([{ url: expect.stringMatching(/^\/dashboard\?tz=[%0-9A-F]+$/), authorization: 'Bearer token-a' }]);
  expect(dashboardApi.endpoints.getDashboard.select()(store.getState()).data).toEqual({ answered: api.seen[0].url, to: 'Bearer token-a' });
});

it('sends nothing early for a page other than the dashboard', async () => {
  api = await startApi();
  expect(earlyDataPaths('/receipts')).toEqual([]);
  await startUp('/receipts', 'token-a');
  expect(api.seen).toEqual([]);
});

it('gives an early answer once: asked again, the figures come from the API', async () => {
  api = await startApi();
  const store = await startUp('/', 'token-a');
  await store.dispatch(dashboardApi.endpoints.getDashboard.initiate(undefined, { forceRefetch: true }));
  expect(api.seen).toHaveLength(2);
});

it("never gives one person's early answer to a request with another person's token", async () => {
  api = await startApi();
  // Another person signed in on this device before the libraries were in.
  const store = await startUp('/', 'token-a', 'token-b');

  expect(api.seen.map((s) => s.authorization).sort()).toEqual(['Bearer token-a', 'Bearer token-b']);
  expect(dashboardApi.endpoints.getDashboard.select()(store.getState()).data).toMatchObject({ to: 'Bearer token-b' });
});

it('asks again when the early request failed on the way', async () => {
  api = await startApi((_seen, index) => index === 0);
  const store = await startUp('/', 'token-a');

  expect(api.seen).toHaveLength(2);
  expect(dashboardApi.endpoints.getDashboard.select()(store.getState()).data).toMatchObject({ to: 'Bearer token-a' });
});

it('drops an answer nothing took within 30 seconds', async () => {
  api = await startApi();
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  sendEarly(clientConfig().apiUrl, earlyDataPaths('/'), 'token-a');
  jest.advanceTimersByTime(30_000);
  jest.useRealTimers();
  signedInAs('token-a');
  await prefetched(makeStore(), '/');
  expect(api.seen).toHaveLength(2);
});
