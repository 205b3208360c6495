import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { Category, CategoryInput, CategoryList, CategoryParams } from '../../../shared/categories';
import { TimeZoneQuery } from '../../../shared/analytics';
import { CategoryService, type CategoryHooks } from './service';

/** Category management of spec §7: /categories without the /api prefix. */
const categoryRoutes: FastifyPluginAsync<{ hooks: CategoryHooks }> = async (root, { hooks }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new CategoryService(app.db, hooks, app.clock);
  const tags = ['categories'];

  app.get('/categories', { schema: { tags, querystring: TimeZoneQuery, response: { 200: CategoryList, ...commonErrors } } }, (req) =>
    service.list(req.user.uid, req.query.tz),
  );

  app.post('/categories', { schema: { tags, body: CategoryInput, response: { 201: Category, 409: ErrorBody, ...commonErrors } } }, async (req, reply) =>
    reply.status(201).send(await service.create(req.user.uid, req.body)),
  );

  app.put(
    '/categories/:id',
    { schema: { tags, params: CategoryParams, body: CategoryInput, response: { 200: Category, 409: ErrorBody, ...commonErrors } } },
    (req) => service.update(req.user.uid, req.params.id, req.body),
  );

  app.delete(
    '/categories/:id',
    { schema: { tags, params: CategoryParams, response: { 204: Type.Null({ description: 'Deleted; its receipts moved to Other' }), ...commonErrors } } },
    async (req, reply) => {
      await service.delete(req.user.uid, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default categoryRoutes;
