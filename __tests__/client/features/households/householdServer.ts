import { startStandInServer, type Answer } from '../../ui/standInServer';
import type { ErrorCode } from '../../../../src/shared/constants/errors';

/** A refusal as the API words it ({ statusCode, error, message }, and its code when it has one). */
export const refusal = (status: number, message: string, code?: ErrorCode): Answer => ({
  status,
  body: { statusCode: status, error: 'Refused', message, ...(code ? { code } : {}) },
});

/**
 * A stand-in for the household API: each request gets the answer given for 'METHOD /path' (or
 * made from its body), as the route would answer; one no answer is given for gets a 404, so a
 * test sees a request it did not expect.
 */
export async function startHouseholdServer(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const server = await startStandInServer(({ method, path, body }) => {
    const given = answers[`${method} ${path}`];
    return typeof given === 'function' ? given(body) : (given ?? refusal(404, 'Not found'));
  });
  return {
    ...server,
    /** The changes sent (every method but GET), as 'METHOD path' and body. */
    changes: () => server.requests.filter((r) => r.method !== 'GET').map(({ method, path, body }) => ({ sent: `${method} ${path}`, body })),
  };
}
