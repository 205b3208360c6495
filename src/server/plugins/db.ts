import fp from 'fastify-plugin';
import type { Db, DbHandle } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbDriver: DbHandle['driver'];
  }
}

/** Shares the one Kysely instance with every module; the caller owns opening and closing it. */
export default fp<{ handle: DbHandle }>(async (app, { handle }) => {
  app.decorate('db', handle.db);
  app.decorate('dbDriver', handle.driver);
});
