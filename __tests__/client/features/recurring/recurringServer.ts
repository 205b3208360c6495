import type { RecurringSeries, RecurringUpdate } from '../../../../src/shared/recurring';
import { startStandInServer } from '../../ui/standInServer';

/**
 * A stand-in for the API on a local port, so that the page's requests go over real HTTP and a
 * test reads what was sent. GET /recurring answers the list; PUT /recurring/{id} changes it like
 * the contract says (404 'Recurring bill not found' for an id it does not hold). Anything else
 * answers 200 with an empty object and is only recorded.
 */
export async function startRecurringServer(initial: RecurringSeries[]) {
  let list: RecurringSeries[] = JSON.parse(JSON.stringify(initial));
  const server = await startStandInServer(({ method, path, body }) => {
    const put = /^\/recurring\/([^/]+)$/.exec(path);
    if (method === 'GET' && path === '/recurring') return { status: 200, body: list };
    if (method === 'PUT' && put) {
      const id = decodeURIComponent(put[1]);
      const old = list.find((s) => s._id === id);
      if (!old) return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Recurring bill not found' } };
      const next = { ...old, ...(body as RecurringUpdate) };
      next.edited = next.amount !== next.found_amount || next.interval !== next.found_interval;
      list = list.map((s) => (s._id === id ? next : s));
      return { status: 200, body: next };
    }
    return { status: 200, body: {} };
  });

  return {
    ...server,
    /** The PUTs sent, as path and body. */
    puts: () => server.requests.filter((r) => r.method === 'PUT').map(({ path, body }) => ({ path, body })),
  };
}
