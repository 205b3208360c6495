import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { Type } from 'typebox';
import {
  ImportCommitBody,
  ImportCommitResult,
  ImportCommitState,
  ImportPreview,
  MAX_KEPT_PREVIEW_BYTES,
  MAX_KEPT_PREVIEWS,
  MAX_STATEMENT_BYTES,
  MAX_STATEMENT_COLUMNS,
  MAX_STATEMENT_FIELD_CHARS,
  MAX_STATEMENT_LINES,
} from '../../../shared/imports';
import { badRequest, HttpError } from '../../errors';
import { multipartError, perUserRateLimit } from '../../requestLimits';
import { ImportService } from './service';
import { receiveStatement, type UploadedStatement } from './upload';
import cleanup from './cleanup';
import { ReadingSlots, STATEMENTS_READ_AT_ONCE } from './readingSlots';

/** Previews one person may ask for per minute: a person maps a file's columns in a few tries. */
export const IMPORT_PREVIEWS_PER_MINUTE = 20;
const MAX_MB = MAX_STATEMENT_BYTES / 1024 / 1024;
/** What browsers and banks call a CSV file (Excel's own type among them; some send no type of their own). */
export const STATEMENT_TYPES = ['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/octet-stream'];
/** The longest `mapping` field: a mapping is a few dozen characters. */
const MAX_MAPPING_CHARS = 2000;
/** A statement's form at its largest: the file, the mapping, and room for the parts' headers. */
const MAX_FORM_BYTES = MAX_STATEMENT_BYTES + MAX_MAPPING_CHARS + 16 * 1024;

const previewRateLimit = perUserRateLimit('imports', IMPORT_PREVIEWS_PER_MINUTE, (wait) => `Too many statement uploads. Please wait ${wait} and try again.`);

const UPLOAD_WORDS = {
  tooLarge: `The file is too large. A statement can be at most ${MAX_MB} MB.`,
  notMultipart: 'Send the statement as multipart/form-data in the field "file"',
  tooManyParts: 'Send one file in the field "file" and, if you choose the columns, a field "mapping"',
};
const uploadError = (err: unknown) => multipartError(err, UPLOAD_WORDS);

/**
 * The upload's file, read as it arrives (receiveStatement), and mapping text, whichever order the
 * form has them in; a 400, 413 or 415 saying what is missing or wrong.
 */
async function statementOf(req: FastifyRequest): Promise<{ file: UploadedStatement; mapping: string | undefined }> {
  // Refused before a byte is read when the request says it is larger than any statement's form.
  if (Number(req.headers['content-length']) > MAX_FORM_BYTES) throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' });
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
        try {
          // Not destroyed when the reading stops early: the rest is let through unread below.
          file = await receiveStatement(part.filename || 'statement.csv', part.file.iterator({ destroyOnReturn: false }));
        } catch (err) {
          // Refused before its end (a limit passed): the rest is let through unread, so the answer is not cut off by an unread request.
          part.file.resume();
          throw part.file.truncated ? uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }) : err;
        }
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw badRequest('Send the statement in the field "file"');
  return { file, mapping };
}

/** Bank and card statements from CSV: POST /api/import/preview, then POST /api/import/commit. */
export interface ImportRoutesOptions {
  /** How long a commit's request waits for its rows before it answers with the import to follow. */
  commitWaitMs: number;
  /** How often previews past their time are deleted; 0: never. */
  cleanupEveryMs: number;
}

const importRoutes: FastifyPluginAsync<ImportRoutesOptions> = async (root, { commitWaitMs, cleanupEveryMs }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, parts: 4, fields: 2, fieldSize: MAX_MAPPING_CHARS, headerPairs: 100 },
  });
  if (cleanupEveryMs > 0) await app.register(cleanup, { everyMs: cleanupEveryMs });
  const service = new ImportService(app.db, () => app.jobQueue.get(), app.clock, { commitWaitMs });
  const reading = new ReadingSlots(STATEMENTS_READ_AT_ONCE);
  const tags = ['imports'];

  app.post(
    '/api/import/preview',
    {
      config: { rateLimit: previewRateLimit },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `Multipart form: \`file\`, a CSV statement (at most ${MAX_MB} MB, ${MAX_STATEMENT_LINES.toLocaleString('en-US')} lines, ${MAX_STATEMENT_COLUMNS} columns, ${MAX_STATEMENT_FIELD_CHARS.toLocaleString('en-US')} characters a field: 413 past one), and optionally \`mapping\`, the columns as JSON (an ImportMapping), remembered for this bank's header. One statement is read at a time: another upload meanwhile gets 503 with Retry-After. Nothing is written but the file, kept a day for the commit (a person's ${MAX_KEPT_PREVIEWS} newest uploads, ${MAX_KEPT_PREVIEW_BYTES / 1024 / 1024} MB at most: older ones go).`,
        response: { 200: ImportPreview, 413: ErrorBody, 415: ErrorBody, ...commonErrors },
      },
    },
    (req) =>
      reading.run(
        async () => {
          const { file, mapping } = await statementOf(req);
          return service.preview(req.user.uid, file, mapping);
        },
        // Refused before a byte is read: the body is let through unread, so the answer is not cut off.
        () => req.raw.resume(),
      ),
  );

  app.post(
    '/api/import/commit',
    {
      // A change per row of a large statement: more than the default body holds.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        description:
          "Adds the new rows as receipts and links the matched ones, with the changes the person made (checked first: a 400 names a line that cannot be so), written in the background a chunk of rows at a time; new money in (a negative amount) is skipped unless a change adds it, as a refund. Answers the result (200) when the rows are written within a few seconds, else where the import stands (202), which GET /api/import/commit/:preview_id goes on telling. Asked again for the same preview, it answers the same import's outcome.",
        body: ImportCommitBody,
        response: { 200: ImportCommitResult, 202: ImportCommitState, ...commonErrors },
      },
    },
    async (req, reply) => {
      const answer = await service.commit(req.user.uid, req.body);
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/import/commit/:preview_id',
    {
      schema: {
        tags,
        description:
          'Where the import of a committed preview stands: importing (rows written so far), done (what it did) or failed (why). Kept a day after it finished.',
        params: Type.Object({ preview_id: Type.String({ maxLength: 100 }) }),
        response: { 200: ImportCommitState, ...commonErrors },
      },
    },
    (req) => service.commitState(req.user.uid, req.params.preview_id),
  );
};
export default importRoutes;
