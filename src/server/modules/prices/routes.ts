import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { BoughtItems, ItemSearchQuery, PriceHistory, PriceNotes, PriceQuery } from '../../../shared/prices';
import { ReceiptParams } from '../../../shared/receipts';
import { PriceService } from './service';

/** GET /api/prices (an item's unit price over time and by store), /api/prices/items and /api/prices/receipts/:id. */
const priceRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new PriceService(app.db);
  const tags = ['prices'];

  app.get(
    '/api/prices',
    {
      schema: {
        tags,
        description: "One item's unit price over time and by store, in the receipts' currencies",
        querystring: PriceQuery,
        response: { 200: PriceHistory, ...commonErrors },
      },
    },
    (req) => service.history(req.user.uid, req.query.item),
  );
  app.get(
    '/api/prices/items',
    { schema: { tags, description: 'Item names bought, most bought first', querystring: ItemSearchQuery, response: { 200: BoughtItems, ...commonErrors } } },
    (req) => service.items(req.user.uid, req.query),
  );
  app.get(
    '/api/prices/receipts/:id',
    {
      schema: {
        tags,
        description: "The receipt's items that cost clearly more than the person's usual",
        params: ReceiptParams,
        response: { 200: PriceNotes, ...commonErrors },
      },
    },
    (req) => service.notes(req.user.uid, req.params.id),
  );
};
export default priceRoutes;
