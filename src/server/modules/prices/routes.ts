import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors } from '../../../shared/errors';
import { BoughtItems, ItemSearchQuery, PriceHistory, PriceNotes, PriceQuery, ProductNames, SameProductBody, SimilarItems } from '../../../shared/prices';
import { ReceiptParams } from '../../../shared/receipts';
import { PriceService } from './service';
import { ProductService } from './productService';

/**
 * GET /api/prices (an item's unit price over time and by store), /api/prices/items and
 * /api/prices/receipts/:id; the person's products of several names at /api/prices/products and
 * /api/prices/similar.
 */
const priceRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new PriceService(app.db);
  const products = new ProductService(app.db);
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
  app.put(
    '/api/prices/products',
    {
      schema: {
        tags,
        description: "Says the item is the same product as another of the person's names: the item and its product's names join that name's product",
        body: SameProductBody,
        response: { 200: ProductNames, ...commonErrors },
      },
    },
    (req) => products.sameProduct(req.user.uid, req.body.item, req.body.same_as),
  );
  app.delete(
    '/api/prices/products',
    {
      schema: {
        tags,
        description: 'Says the item is not the same product as the other names of its product: it is read on its own again',
        querystring: PriceQuery,
        response: { 204: Type.Null({ description: 'Taken out of its product' }), ...commonErrors },
      },
    },
    async (req, reply) => {
      await products.notSameProduct(req.user.uid, req.query.item);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/prices/similar',
    {
      schema: {
        tags,
        description: "The person's products whose names look like the item's: proposals to group, never grouped unasked",
        querystring: PriceQuery,
        response: { 200: SimilarItems, ...commonErrors },
      },
    },
    (req) => products.similar(req.user.uid, req.query.item),
  );
};
export default priceRoutes;
