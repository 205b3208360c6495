import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors } from '../../../shared/errors';
import { DataExport, ExportQuery } from '../../../shared/settings';
import { ExportService, receiptsCsv } from './service';

/** 'YYYY-MM-DD' of the export, for the file name. */
const day = (d: Date) => d.toISOString().slice(0, 10);
// Excel reads a CSV as UTF-8 only with a byte order mark; without it 'Café' turns into mojibake.
const UTF8_BOM = '\uFEFF';

/**
 * GET /api/export?format=csv|json: the user's data as a download. CSV is one row per receipt;
 * JSON holds the profile, settings, categories and receipts with their items.
 */
const exportRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new ExportService(app.db, app.blobs, app.blobUrls, app.clock);

  app.get(
    '/api/export',
    {
      schema: {
        tags: ['settings'],
        querystring: ExportQuery,
        response: {
          200: {
            description: 'An attachment: tally-receipts-YYYY-MM-DD.csv or tally-data-YYYY-MM-DD.json',
            content: { 'application/json': { schema: DataExport }, 'text/csv': { schema: Type.String() } },
          },
          ...commonErrors,
        },
      },
    },
    async (req, reply) => {
      const data = await service.collect(req.user.uid);
      const date = day(new Date(data.exported_at));
      // Personal data: never kept by a shared cache.
      reply.header('access-control-expose-headers', 'content-disposition');
      if (req.query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tally-receipts-${date}.csv"`)
          .send(UTF8_BOM + receiptsCsv(data.receipts));
      }
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="tally-data-${date}.json"`)
        .send(data);
    },
  );
};
export default exportRoutes;
