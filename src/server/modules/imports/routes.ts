import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { ImportCommitBody, ImportCommitResult, ImportPreview, MAX_STATEMENT_BYTES } from '../../../shared/imports';
import { badRequest, HttpError } from '../../errors';
import { multipartError, perUserRateLimit } from '../../requestLimits';
import type { BulkChangeHook } from '../receipts/events';
import { ImportService, type UploadedStatement } from './service';

/** Previews one person may ask for per minute: a person maps a file's columns in a few tries. */
export const IMPORT_PREVIEWS_PER_MINUTE = 20;
const MAX_MB = MAX_STATEMENT_BYTES / 1024 / 1024;
/** What browsers and banks call a CSV file (Excel's own type among them; some send no type of their own). */
export const STATEMENT_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/octet-stream'];
/** The longest `mapping` field: a mapping is a few dozen characters. */
const MAX_MAPPING_CHARS = 2000;

const previewRateLimit = perUserRateLimit('imports', IMPORT_PREVIEWS_PER_MINUTE, (wait) => `Too many statement uploads. Please wait ${wait} and try again.`);

const uploadError = (err: unknown) =>
  multipartError(err, {
    tooLarge: `The file is too large. A statement can be at most ${MAX_MB} MB.`,
    notMultipart: 'Send the statement as multipart/form-data in the field "file"',
    tooManyParts: 'Send one file in the field "file" and, if you choose the columns, a field "mapping"',
  });

/** The upload's file and mapping text, whichever order the form has them in; a 400 or 415 saying what is missing or wrong. */
async function statementOf(req: FastifyRequest): Promise<{ file: UploadedStatement; mapping: string | undefined }> {
  let file: UploadedStatement | undefined;
  let mapping: string | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'mapping') throw badRequest(`Unknown field: ${part.fieldname}`);
        if (part.valueTruncated || String(part.value).length > MAX_MAPPING_CHARS) throw badRequest('mapping is too long');
        mapping = String(part.value);
      } else {
        if (part.fieldname !== 'file' || file) throw badRequest('Send one file, in the field "file"');
        const type = part.mimetype.split(';')[0].trim().toLowerCase();
        if (!STATEMENT_TYPES.includes(type)) {
          part.file.resume();
          throw new HttpError(415, `The file is ${type || 'of no type'}, not a CSV statement: export it from your bank as CSV`);
        }
        file = { name: part.filename || 'statement.csv', bytes: await part.toBuffer() };
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw badRequest('Send the statement in the field "file"');
  return { file, mapping };
}

/** Bank and card statements from CSV: POST /api/import/preview, then POST /api/import/commit. */
const importRoutes: FastifyPluginAsync<{ changedInBulk: BulkChangeHook }> = async (root, { changedInBulk }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, parts: 4, fields: 2, fieldSize: MAX_MAPPING_CHARS, headerPairs: 100 },
  });
  const service = new ImportService(app.db, changedInBulk, app.clock);
  const tags = ['imports'];

  app.post(
    '/api/import/preview',
    {
      config: { rateLimit: previewRateLimit },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `Multipart form: \`file\`, a CSV statement (at most ${MAX_MB} MB), and optionally \`mapping\`, the columns as JSON (an ImportMapping), remembered for this bank's header. Nothing is written but the file, kept a day for the commit.`,
        response: { 200: ImportPreview, 413: ErrorBody, 415: ErrorBody, ...commonErrors },
      },
    },
    async (req, reply) => {
      const { file, mapping } = await statementOf(req);
      const text = await service.preview(req.user.uid, file, mapping);
      // The ImportPreview's JSON, streamed as the rows are read: the schema documents it, and a stream is sent as it is.
      return reply.type('application/json; charset=utf-8').send(text as unknown as ImportPreview);
    },
  );

  app.post(
    '/api/import/commit',
    {
      // A change per row of a large statement: more than the default body holds.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        description:
          'Adds the new rows as receipts and links the matched ones, with the changes the person made, in one transaction; new money in (a negative amount) is skipped unless a change adds it, as a refund. The preview is used up.',
        body: ImportCommitBody,
        response: { 200: ImportCommitResult, ...commonErrors },
      },
    },
    (req) => service.commit(req.user.uid, req.body),
  );
};
export default importRoutes;
