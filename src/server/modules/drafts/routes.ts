import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RateLimitOptions } from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { DraftList, DraftParams, DraftUploadAnswer, MAX_DRAFT_FILES } from '../../../shared/drafts';
import { MAX_IMAGE_BYTES } from '../../../shared/receipts';
import { badRequest, HttpError, payloadTooLarge } from '../../errors';
import { DraftService, type UploadedFile } from './service';

/** Upload requests one person may send per minute; the app sends one per photo, so a shoebox of 50 fits. */
export const DRAFT_UPLOADS_PER_MINUTE = 60;
const MAX_MB = MAX_IMAGE_BYTES / 1024 / 1024;
export const PHOTO_TOO_LARGE = `The image is too large. Choose an image of at most ${MAX_MB} MB.`;

// Per user, counted before the body is read (as the scan route's limit).
const uploadRateLimit: RateLimitOptions = {
  max: DRAFT_UPLOADS_PER_MINUTE,
  timeWindow: 60_000,
  hook: 'preParsing',
  keyGenerator: (req: FastifyRequest) => `drafts:${req.user.uid}`,
  errorResponseBuilder: (_req, ctx) =>
    new HttpError(429, `Too many uploads. Please wait ${ctx.after} before adding more receipts.`, {
      'retry-after': String(Math.max(1, Math.ceil(ctx.ttl / 1000))),
    }),
};

/** Multipart failures in plain words: a malformed form is the client's fault, never a 500. */
function uploadError(err: unknown): HttpError {
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(PHOTO_TOO_LARGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the photos as multipart/form-data in the field "files"');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, `Send at most ${MAX_DRAFT_FILES} photos at once, and nothing else`);
    default:
      if (err instanceof HttpError) return err;
      if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return new HttpError(statusCode, 'The upload could not be read');
      return badRequest('The upload could not be read');
  }
}

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
  const service = new DraftService(app.db, app.blobs, app.blobUrls, () => app.jobQueue.get(), { queueMax });
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
