import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors } from '../../../shared/errors';
import { DataExport, ExportQuery } from '../../../shared/settings';
import { PackQuery } from '../../../shared/pack';
import { zipStream } from '../../zip/writeZip';
import { csvExport, exportFile, ExportService, jsonExport } from './service';
import { itemsCsvExport } from './itemsCsv';
import { PackService } from './pack';

/** 'YYYY-MM-DD' of the export, for the file name. */
const day = (d: Date) => d.toISOString().slice(0, 10);
// Excel reads a CSV as UTF-8 only with a byte order mark; without it 'Café' turns into mojibake.
const UTF8_BOM = '\uFEFF';

/**
 * The body as a stream Fastify pipes out. The route's schema types the body by what it
 * describes (the document the stream writes), so the stream is passed as that.
 */
const streamed = (chunks: AsyncIterable<string>) => Readable.from(chunks) as unknown as string;

async function* withBom(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  yield UTF8_BOM;
  yield* chunks;
}

/**
 * GET /api/export?format=csv|json[&rows=receipts|items]: the user's data as a download. CSV is
 * one row per receipt, or with rows=items one per item in the category it counts in (itemsCsv.ts);
 * JSON holds the profile, settings, categories and receipts with their items. A person who
 * shares also gets what each row counts for them ('Your share') and others' receipts shared
 * with them.
 */
const exportRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new ExportService(app.db, app.blobs, app.blobUrls, app.clock);
  const packs = new PackService(app.db, app.blobs, app.blobUrls, app.clock);

  app.get(
    '/api/export',
    {
      schema: {
        tags: ['settings'],
        querystring: ExportQuery,
        response: {
          200: {
            description: 'An attachment: tally-receipts-YYYY-MM-DD.csv, tally-items-YYYY-MM-DD.csv (rows=items) or tally-data-YYYY-MM-DD.json',
            content: { 'application/json': { schema: DataExport }, 'text/csv': { schema: Type.String() } },
          },
          ...commonErrors,
        },
      },
    },
    async (req, reply) => {
      const file = exportFile(req.query);
      const userId = req.user.uid;
      const head = await service.head(userId);
      const date = day(new Date(head.exported_at));
      const sharer = await service.sharer(userId);
      const body = { receipts: service.receiptPages(userId, sharer), shared: sharer ? service.sharedPages(userId) : undefined };
      // Personal data: never kept by a shared cache.
      reply.header('access-control-expose-headers', 'content-disposition');
      // Written as it is read, so a large account costs no more memory than a page; a client
      // that goes away destroys the stream, which stops the reading.
      if (file !== 'json') {
        const csv =
          file === 'items'
            ? itemsCsvExport(body, { categoryNames: () => service.categoryNames(userId), othersShares: (ids) => service.othersShares(userId, ids) })
            : csvExport(body);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tally-${file}-${date}.csv"`)
          .send(streamed(withBom(csv)));
      }
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="tally-data-${date}.json"`)
        .send(streamed(jsonExport(head, body)));
    },
  );

  /**
   * GET /api/export/pack: the evidence pack of a date range (a tax year, say), optionally of one
   * category or a search: a zip of receipts.csv and every original, written as it is read.
   */
  app.get(
    '/api/export/pack',
    {
      schema: {
        tags: ['settings'],
        querystring: PackQuery,
        response: {
          200: {
            description:
              'An attachment, tally-receipts-<from>-<to>.zip: receipts.csv (one row per receipt, its Original column naming the file) and originals/<date>_<store>_<amount>_<id>.<ext>',
            content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
          },
          ...commonErrors,
        },
      },
    },
    async (req, reply) => {
      const pack = await packs.open(req.user.uid, req.query);
      return reply
        .header('access-control-expose-headers', 'content-disposition')
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${pack.fileName}"`)
        .send(zipStream(pack.entries, packs.now()) as unknown as string);
    },
  );
};
export default exportRoutes;
