/**
 * Every route of the API (src/server/app.ts and modules/*\/routes.ts), for the security suites.
 * `:id` is filled in by each test. `secured` routes need a bearer token; the rest are public.
 */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  secured: boolean;
  /** Takes a JSON body (the fuzzer sends bodies to these). */
  body?: boolean;
  /** A query string the route needs to answer at all (its fields are required). */
  query?: string;
  /** Headers the route needs to answer at all (an invitation's token: one no invitation has). */
  headers?: Record<string, string>;
}

export const ROUTES: RouteSpec[] = [
  { method: 'GET', url: '/healthz', secured: false },
  { method: 'GET', url: '/blobs/receipts/:user/:file', secured: false },
  { method: 'GET', url: '/static/avatars/:file', secured: false },
  { method: 'POST', url: '/api/auth/register', secured: true, body: true },
  { method: 'GET', url: '/api/profile/', secured: true },
  { method: 'PUT', url: '/api/profile/', secured: true, body: true },
  { method: 'GET', url: '/profile/', secured: true },
  { method: 'POST', url: '/profile/', secured: true, body: true },
  { method: 'POST', url: '/profile/avatar', secured: true },
  { method: 'GET', url: '/categories', secured: true },
  { method: 'POST', url: '/categories', secured: true, body: true },
  { method: 'PUT', url: '/categories/:id', secured: true, body: true },
  { method: 'DELETE', url: '/categories/:id', secured: true },
  { method: 'GET', url: '/receipts', secured: true },
  { method: 'GET', url: '/receipts/match', secured: true, query: 'store=Cache&date=2026-01-02&amount=3&currency=USD' },
  { method: 'GET', url: '/receipts/:id', secured: true },
  { method: 'POST', url: '/receipts', secured: true, body: true },
  { method: 'PUT', url: '/receipts/:id', secured: true, body: true },
  { method: 'DELETE', url: '/receipts/:id', secured: true },
  { method: 'POST', url: '/receipts/drafts', secured: true },
  { method: 'GET', url: '/receipts/drafts', secured: true },
  { method: 'POST', url: '/receipts/drafts/:id/retry', secured: true },
  { method: 'GET', url: '/receipts/drafts/:id/match', secured: true, query: 'store=Cache&date=2026-01-02&amount=3&currency=USD' },
  { method: 'POST', url: '/receipts/drafts/:id/date', secured: true, body: true },
  { method: 'DELETE', url: '/receipts/drafts/:id', secured: true },
  { method: 'GET', url: '/api/mail-in', secured: true },
  { method: 'POST', url: '/api/mail-in/address', secured: true },
  { method: 'PUT', url: '/api/mail-in/senders', secured: true, body: true },
  { method: 'GET', url: '/dashboard', secured: true },
  { method: 'POST', url: '/dashboard/budget', secured: true, body: true },
  { method: 'GET', url: '/api/analytics', secured: true },
  { method: 'GET', url: '/api/analytics/breakdown', secured: true },
  { method: 'GET', url: '/api/prices', secured: true, query: 'item=milk' },
  { method: 'GET', url: '/api/prices/items', secured: true },
  { method: 'GET', url: '/api/prices/receipts/:id', secured: true },
  { method: 'PUT', url: '/api/prices/products', secured: true, body: true },
  { method: 'DELETE', url: '/api/prices/products', secured: true, query: 'item=milk' },
  { method: 'GET', url: '/api/prices/similar', secured: true, query: 'item=milk' },
  { method: 'GET', url: '/api/warranties', secured: true },
  { method: 'GET', url: '/notifications', secured: true },
  { method: 'GET', url: '/notifications/count', secured: true },
  { method: 'PUT', url: '/notifications/read-all', secured: true },
  { method: 'PUT', url: '/notifications/:id/read', secured: true },
  { method: 'POST', url: '/scan/receipt-base64', secured: true, body: true },
  { method: 'GET', url: '/scan/trust', secured: true },
  { method: 'GET', url: '/api/settings', secured: true },
  { method: 'PUT', url: '/api/settings', secured: true, body: true },
  { method: 'GET', url: '/api/currency-rates', secured: true },
  { method: 'PUT', url: '/api/currency-rates', secured: true, body: true },
  { method: 'POST', url: '/api/import/preview', secured: true },
  { method: 'POST', url: '/api/import/commit', secured: true, body: true },
  { method: 'GET', url: '/api/import/commit/:preview_id', secured: true },
  { method: 'GET', url: '/api/export', secured: true },
  { method: 'GET', url: '/api/export/pack', secured: true, query: 'from=2026-01-01&to=2026-01-31' },
  { method: 'GET', url: '/api/backup', secured: true },
  { method: 'POST', url: '/api/backup/restore', secured: true },
  { method: 'DELETE', url: '/api/account', secured: true, body: true },
  { method: 'GET', url: '/recurring', secured: true },
  { method: 'PUT', url: '/recurring/:id', secured: true, body: true },
  { method: 'GET', url: '/api/households', secured: true },
  { method: 'POST', url: '/api/households', secured: true, body: true },
  { method: 'GET', url: '/api/households/:id', secured: true },
  { method: 'PUT', url: '/api/households/:id', secured: true, body: true },
  { method: 'DELETE', url: '/api/households/:id', secured: true },
  { method: 'POST', url: '/api/households/:id/members', secured: true, body: true },
  { method: 'DELETE', url: '/api/households/:id/members/:member_id', secured: true },
  { method: 'POST', url: '/api/households/:id/leave', secured: true },
  { method: 'POST', url: '/api/households/:id/invitations', secured: true, body: true },
  { method: 'POST', url: '/api/households/invitations/accept', secured: true, body: true },
  { method: 'POST', url: '/api/households/invitations/decline', secured: true, body: true },
  { method: 'GET', url: '/api/households/:id/receipts', secured: true },
  { method: 'GET', url: '/api/households/:id/balances', secured: true },
  { method: 'POST', url: '/api/households/:id/settlements', secured: true, body: true },
  { method: 'GET', url: '/api/households/:id/history', secured: true },
  { method: 'GET', url: '/api/households/:id/spending', secured: true },
  { method: 'GET', url: '/api/households/invitations/preview', secured: true, headers: { 'x-invitation-token': 'no-such-invitation' } },
];

export const SECURED_ROUTES = ROUTES.filter((r) => r.secured);

/** The one error shape of plugins/errors.ts, with a message a person can read. */
export function isErrorBody(status: number, body: unknown): boolean {
  const b = body as { statusCode?: unknown; error?: unknown; message?: unknown };
  return (
    b !== null &&
    typeof b === 'object' &&
    b.statusCode === status &&
    typeof b.error === 'string' &&
    b.error.length > 0 &&
    typeof b.message === 'string' &&
    b.message.trim().length > 0
  );
}

/** Throws when an answer is a 5xx, or a 4xx without the one error shape and a message. */
export function expectSane(res: { statusCode: number; body: string; json(): unknown }, what: string): void {
  if (res.statusCode >= 500) throw new Error(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    if (!isErrorBody(res.statusCode, body)) throw new Error(`${what} → ${res.statusCode} without the error shape: ${res.body.slice(0, 300)}`);
  }
}
