import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { DraftDateAnswer, DraftDateBody, DraftList, DraftParams, DraftUploadAnswer, MAX_DRAFT_FILES } from '../../../shared/drafts';
import { MAX_IMAGE_BYTES, SameReceiptAnswer, SameReceiptQuery } from '../../../shared/receipts';
import { SCAN_RATE_LIMIT_PER_MINUTE } from '../../../shared/scan';
import { IMAGE_TOO_LARGE } from '../../images/upload';
import { multipartError, perUserRateLimit } from '../../requestLimits';
import { ScanService } from '../scan/service';
import { DraftService, type UploadedFile } from './service';

/** Upload requests one person may send per minute; the app sends one per photo, so a shoebox of 50 fits. */
export const DRAFT_UPLOADS_PER_MINUTE = 60;
const MAX_MB = MAX_IMAGE_BYTES / 1024 / 1024;

const uploadRateLimit = perUserRateLimit('drafts', DRAFT_UPLOADS_PER_MINUTE, (wait) => `Too many uploads. Please wait ${wait} before adding more receipts.`);
/** Reading a photo's date again is a scan (the engine reads the whole photo): the scan's limit. */
const readDateRateLimit = perUserRateLimit(
  'draft-date',
  SCAN_RATE_LIMIT_PER_MINUTE,
  (wait) => `Too many scans. Please wait ${wait} before reading the date again.`,
);

const uploadError = (err: unknown) =>
  multipartError(err, {
    tooLarge: IMAGE_TOO_LARGE,
    notMultipart: 'Send the photos as multipart/form-data in the field "files"',
    tooManyParts: `Send at most ${MAX_DRAFT_FILES} photos at once, and nothing else`,
  });

/** The request's files, each read when the service asks for it; a broken form ends the upload with a clear error. */
async function* filesOf(req: FastifyRequest): AsyncGenerator<UploadedFile> {
  try {
    for await (const part of req.files()) {
      yield { name: part.filename || 'photo', read: () => part.toBuffer().catch((err: unknown) => Promise.reject(uploadError(err))) };
    }
  } catch (err) {
    throw uploadError(err);
  }
}

/** Bulk capture: photos in, read in the background, reviewed at /receipts/review, saved with POST /receipts { draft_id }. */
const draftRoutes: FastifyPluginAsync<{ queueMax: number }> = async (root, { queueMax }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_DRAFT_FILES, parts: MAX_DRAFT_FILES + 10, fields: 10, fieldSize: 1024, headerPairs: 100 },
  });
  const scan = new ScanService(app.db, app.receiptScanner, app.clock);
  const service = new DraftService(app.db, app.blobs, app.blobUrls, () => app.jobQueue.get(), { queueMax }, scan, app.clock);
  const tags = ['drafts'];

  app.post(
    '/receipts/drafts',
    {
      config: { rateLimit: uploadRateLimit },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `Multipart form with one or more files (up to ${MAX_DRAFT_FILES}, JPEG, PNG or WebP, ${MAX_MB} MB each). Each good photo becomes a draft read in the background; a file that is not one is answered as failed and nothing is kept of it.`,
        response: { 202: DraftUploadAnswer, 413: ErrorBody, ...commonErrors },
      },
      preHandler: async (req) => service.admit(req.user.uid),
    },
    async (req, reply) => reply.status(202).send(await service.upload(req.user.uid, filesOf(req))),
  );

  app.get(
    '/receipts/drafts',
    {
      config: { readCache: false },
      schema: { tags, description: 'The drafts, newest first; states change as they are read.', response: { 200: DraftList, ...commonErrors } },
    },
    (req) => service.list(req.user.uid),
  );

  app.get(
    '/receipts/drafts/:id/match',
    {
      schema: {
        tags,
        description:
          'As GET /receipts/match, for this draft as the person has corrected it: its photo is compared too (the same photo saved before is the same receipt).',
        params: DraftParams,
        querystring: SameReceiptQuery,
        response: { 200: SameReceiptAnswer, ...commonErrors },
      },
    },
    async (req) => ({ match: await service.findSame(req.user.uid, req.params.id, req.query) }),
  );

  app.post(
    '/receipts/drafts/:id/date',
    {
      config: { rateLimit: readDateRateLimit },
      schema: {
        tags,
        description: "Reads a ready draft's photo again with this date order and keeps the date read on the draft (the single scan's date-order choice).",
        params: DraftParams,
        body: DraftDateBody,
        response: { 200: DraftDateAnswer, 409: ErrorBody, ...commonErrors },
      },
    },
    (req) => service.readDate(req.user.uid, req.params.id, req.body.date_order),
  );

  app.post(
    '/receipts/drafts/:id/retry',
    { schema: { tags, params: DraftParams, response: { 202: Type.Null({ description: 'Queued to be read again' }), 409: ErrorBody, ...commonErrors } } },
    async (req, reply) => {
      await service.retry(req.user.uid, req.params.id);
      return reply.status(202).send(null);
    },
  );

  app.delete(
    '/receipts/drafts/:id',
    { schema: { tags, params: DraftParams, response: { 204: Type.Null({ description: 'Discarded, with its photo' }), ...commonErrors } } },
    async (req, reply) => {
      await service.delete(req.user.uid, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
export default draftRoutes;
