import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * A short-lived cache of each user's GET answers, for the embedded database (PGlite), where one
 * query costs more than the whole rest of a request and one process owns the data.
 *
 * Correctness rests on three rules:
 * - entries are per user (after authentication) and per URL;
 * - any other method from that user (every write goes through the API as that user) drops all
 *   of the user's entries and bumps a generation number, so a read that started before the write
 *   finished is never stored: a person always reads their own writes;
 * - entries live `ttlMs` at most, so answers that depend on the clock (today's period, signed image
 *   links) are never older than that.
 * Only 200 answers with a text body are kept, with the headers the route set (content type, paging
 * totals, download names); the length is worked out again when sent. Headers the request's own
 * hooks set (security headers, CORS for this request's Origin) are set afresh on every answer.
 */
/** How stale a cached answer may be at most (clock-dependent answers, changes made elsewhere). */
export const READ_CACHE_TTL_MS = 5_000;

export interface ReadCacheOptions {
  ttlMs: number;
  /** Most users with entries at once; the oldest user's entries go first. */
  maxUsers?: number;
}

interface Entry {
  /** Kept as bytes: a large list is then written out without encoding it again. */
  payload: Buffer;
  headers: Record<string, string>;
  until: number;
}

interface UserEntries {
  generation: number;
  answers: Map<string, Entry>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a GET whose answer changes without a request of this person; never cached. */
    readCache?: boolean;
  }
  interface FastifyRequest {
    readCache: { key: string; generation: number; hit: boolean; before: Record<string, unknown> | null } | null;
  }
}

export default fp<ReadCacheOptions>(async (app, { ttlMs, maxUsers = 5_000 }) => {
  const users = new Map<string, UserEntries>();
  const entriesOf = (uid: string): UserEntries => {
    let u = users.get(uid);
    if (!u) {
      if (users.size >= maxUsers) users.delete(users.keys().next().value as string);
      u = { generation: 0, answers: new Map() };
      users.set(uid, u);
    }
    return u;
  };
  const forget = (uid: string) => {
    const u = users.get(uid);
    if (!u) return;
    u.generation++;
    u.answers.clear();
  };

  app.decorateRequest('readCache', null);

  // preHandler: after the scope's authentication, so req.user is known. Callback-style hooks:
  // this runs on every request, and a promise per hook is measurable here.
  app.addHook('preHandler', (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const uid = req.user?.uid;
    if (!uid) return done();
    if (req.method !== 'GET') {
      forget(uid);
      return done();
    }
    // Answers that change without a request of this person (a draft read in the background).
    if (req.routeOptions.config.readCache === false) return done();
    const u = entriesOf(uid);
    const hit = u.answers.get(req.url);
    if (hit && hit.until > Date.now()) {
      req.readCache = { key: req.url, generation: u.generation, hit: true, before: null };
      reply.headers(hit.headers).send(hit.payload);
      return;
    }
    if (hit) u.answers.delete(req.url);
    // What the hooks before the route have set so far: not the route's, so not kept.
    req.readCache = { key: req.url, generation: u.generation, hit: false, before: reply.getHeaders() };
    done();
  });

  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const uid = req.user?.uid;
    // A write is done by now: drop again what a read may have stored while it ran.
    if (uid && req.method !== 'GET') forget(uid);
    const c = req.readCache;
    if (!c || c.hit || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const u = users.get(uid);
    // A write by this user ran meanwhile: this answer may predate it.
    if (u && u.generation === c.generation) {
      const headers: Record<string, string> = {};
      for (const [name, v] of Object.entries(reply.getHeaders())) {
        if (v !== undefined && name !== 'content-length' && c.before?.[name] !== v) headers[name] = String(v);
      }
      u.answers.set(c.key, { payload: Buffer.from(payload), headers, until: Date.now() + ttlMs });
    }
    done(null, payload);
  });
});
