import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { WarrantyList } from '../../../shared/warranties';
import { WarrantyService } from './service';

/** GET /api/warranties: return windows and warranties still running. */
const warrantyRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new WarrantyService(app.db, app.blobUrls, app.clock);
  app.get(
    '/api/warranties',
    {
      schema: {
        tags: ['warranties'],
        description:
          "What can still be returned and what is still under warranty, receipts and items alike, each list the furthest deadline first, with links to the receipt's original",
        response: { 200: WarrantyList, ...commonErrors },
      },
    },
    (req) => service.list(req.user.uid),
  );
};
export default warrantyRoutes;
