import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { unavailable } from '../../errors';

const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

/** GET /healthz: public; answers 503 when the database does not answer or the process is stopping (a balancer's check). */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: Health } } }, async () => {
    if (app.drain.draining) throw unavailable('This instance is stopping.');
    try {
      await sql`select 1`.execute(app.db);
    } catch {
      throw unavailable('The database is unavailable.');
    }
    return { status: 'ok' as const, database: app.dbDriver };
  });
};
export default healthRoutes;
