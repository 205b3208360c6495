import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import {
  CreateReceiptBody,
  ManualReceiptBody,
  Receipt,
  ReceiptList,
  ReceiptListQuery,
  ReceiptParams,
  SameReceiptAnswer,
  SameReceiptQuery,
  TOTAL_COUNT_HEADER,
  NEXT_CURSOR_HEADER,
} from '../../../shared/receipts';
import { ReceiptService, type DraftTaker } from './service';
import type { ReceiptListener } from './events';
import type { ScanSaved } from '../scan/service';

/** Room for an 8 MB image as base64 in JSON; every other route keeps the 64 KB default. */
export const RECEIPT_BODY_LIMIT = 12 * 1024 * 1024;

const writeErrors = { 409: ErrorBody, 413: ErrorBody, ...commonErrors };

/** Receipts of spec §7 plus PUT (edit screen) and the manual create (Add Transaction). */
const receiptRoutes: FastifyPluginAsync<{ listeners: readonly ReceiptListener[]; takeDraft: DraftTaker; scanSaved?: ScanSaved }> = async (
  root,
  { listeners, takeDraft, scanSaved },
) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new ReceiptService(app.db, app.blobs, app.blobUrls, listeners, app.clock, takeDraft, scanSaved);
  const tags = ['receipts'];

  app.get(
    '/receipts',
    {
      schema: {
        tags,
        description: `A page of receipts, newest first by default; the ${TOTAL_COUNT_HEADER} header carries the number of matches, and ${NEXT_CURSOR_HEADER} (when more may follow) the \`after\` of the next page.`,
        querystring: ReceiptListQuery,
        response: { 200: ReceiptList, ...commonErrors },
      },
    },
    async (req, reply) => {
      const { receipts, total, next } = await service.list(req.user.uid, req.query);
      if (next) reply.header(NEXT_CURSOR_HEADER, next);
      return reply
        .header(TOTAL_COUNT_HEADER, String(total))
        .header('access-control-expose-headers', `${TOTAL_COUNT_HEADER}, ${NEXT_CURSOR_HEADER}`)
        .send(receipts);
    },
  );

  app.get(
    '/receipts/match',
    {
      schema: {
        tags,
        description:
          'The receipt already saved or imported that one being entered looks like: a like store (as an import matches bank rows), the same amount in the same currency, a date at most 3 days apart. Ask before saving, to offer filling in a bank row (into_id) or to warn of a duplicate.',
        querystring: SameReceiptQuery,
        response: { 200: SameReceiptAnswer, ...commonErrors },
      },
    },
    async (req) => ({ match: await service.findSame(req.user.uid, req.query) }),
  );

  app.get('/receipts/:id', { schema: { tags, params: ReceiptParams, response: { 200: Receipt, ...commonErrors } } }, (req) =>
    service.get(req.user.uid, req.params.id),
  );

  app.post(
    '/receipts',
    { bodyLimit: RECEIPT_BODY_LIMIT, schema: { tags, body: CreateReceiptBody, response: { 201: Receipt, ...writeErrors } } },
    async (req, reply) => reply.status(201).send(await service.create(req.user.uid, req.body)),
  );

  app.put(
    '/receipts/:id',
    { bodyLimit: RECEIPT_BODY_LIMIT, schema: { tags, params: ReceiptParams, body: ManualReceiptBody, response: { 200: Receipt, ...writeErrors } } },
    (req) => service.update(req.user.uid, req.params.id, req.body),
  );

  app.delete(
    '/receipts/:id',
    { schema: { tags, params: ReceiptParams, response: { 204: Type.Null({ description: 'Deleted, with its image' }), ...commonErrors } } },
    async (req, reply) => {
      await service.delete(req.user.uid, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default receiptRoutes;
