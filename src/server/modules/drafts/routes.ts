import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { CLIENT_ID_PATTERN, DraftDateAnswer, DraftDateBody, DraftList, DraftParams, DraftUploadAnswer, MAX_DRAFT_FILES } from '../../../shared/drafts';
import { badRequest } from '../../errors';
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

const clientIdPattern = new RegExp(CLIENT_ID_PATTERN);
const BAD_CLIENT_ID = "A client_id is 1 to 64 letters, digits, '-' or '_'";
const CLIENT_ID_WITHOUT_FILE = 'Each client_id must come just before the file it names';

/**
 * The request's files, each read when the service asks for it, each with the client_id field sent
 * just before it, if any; a broken form ends the upload with a clear error.
 */
async function* filesOf(req: FastifyRequest): AsyncGenerator<UploadedFile> {
  let clientId: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'client_id') throw badRequest(`Unknown field "${part.fieldname}": send photos in "files", each after its "client_id"`);
        if (clientId !== undefined) throw badRequest(CLIENT_ID_WITHOUT_FILE);
        if (typeof part.value !== 'string' || !clientIdPattern.test(part.value)) throw badRequest(BAD_CLIENT_ID);
        clientId = part.value;
        continue;
      }
      const file: UploadedFile = {
        name: part.filename || 'photo',
        read: () => part.toBuffer().catch((err: unknown) => Promise.reject(uploadError(err))),
      };
      if (clientId !== undefined) file.clientId = clientId;
      clientId = undefined;
      yield file;
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (clientId !== undefined) throw badRequest(CLIENT_ID_WITHOUT_FILE);
}

/** Bulk capture: photos in, read in the background, reviewed at /receipts/review, saved with POST /receipts { draft_id }. */
const draftRoutes: FastifyPluginAsync<{ queueMax: number }> = async (root, { queueMax }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_DRAFT_FILES, parts: 2 * MAX_DRAFT_FILES + 10, fields: MAX_DRAFT_FILES, fieldSize: 1024, headerPairs: 100 },
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
        description: `Multipart form with one or more files (up to ${MAX_DRAFT_FILES}, JPEG, PNG or WebP, ${MAX_MB} MB each) in the field "files". Each good photo becomes a draft read in the background; a file that is not one is answered as failed and nothing is kept of it. Idempotent per photo: a field "client_id" (1 to 64 letters, digits, '-' or '_'; a UUID fits) just before a file names it; a photo sent again under a client_id received before (even by two uploads at once) makes no new draft and is answered with the draft it became (\`repeat: true\`; status \`reviewed\` once that draft was saved or discarded).`,
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
