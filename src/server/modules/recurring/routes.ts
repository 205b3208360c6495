import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { RecurringList, RecurringParams, RecurringSeries, RecurringUpdate } from '../../../shared/recurring';
import { RecurringService, type RecurringHooks } from './service';

/** Recurring bills found in the receipts: GET /recurring and PUT /recurring/{id}. */
const recurringRoutes: FastifyPluginAsync<{ hooks: RecurringHooks }> = async (root, { hooks }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new RecurringService(app.db, hooks, app.clock);
  const tags = ['recurring'];

  app.get('/recurring', { schema: { tags, response: { 200: RecurringList, ...commonErrors } } }, (req) => service.list(req.user.uid));

  app.put('/recurring/:id', { schema: { tags, params: RecurringParams, body: RecurringUpdate, response: { 200: RecurringSeries, ...commonErrors } } }, (req) =>
    service.update(req.user.uid, req.params.id, req.body),
  );
};
export default recurringRoutes;
