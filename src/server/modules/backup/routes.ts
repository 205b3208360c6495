import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { BACKUP_MAX_UPLOAD_BYTES, RestoreAnswer } from '../../../shared/backup';
import { badRequest } from '../../errors';
import { multipartError } from '../../requestLimits';
import { zipStream } from '../../zip/writeZip';
import type { BulkChangeHook } from '../receipts/events';
import { BackupService } from './service';

const MAX_MB = BACKUP_MAX_UPLOAD_BYTES / 1024 / 1024;
const uploadError = (err: unknown) =>
  multipartError(err, {
    tooLarge: `The backup is too large: at most ${MAX_MB} MB is read`,
    notMultipart: 'Send the backup as multipart/form-data in the field "file"',
    tooManyParts: 'Send one backup in the field "file" and nothing else',
  });

/**
 * GET /api/backup (everything the person owns, as one zip) and POST /api/backup/restore (that
 * zip read back into an account without receipts). Multipart is registered for this plugin only.
 */
const backupRoutes: FastifyPluginAsync<{ changedInBulk: BulkChangeHook }> = async (root, { changedInBulk }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: BACKUP_MAX_UPLOAD_BYTES, files: 1, parts: 5, fields: 4, fieldSize: 1024, headerPairs: 100 } });
  const service = new BackupService(app.db, app.blobs, app.clock, changedInBulk);

  app.get(
    '/api/backup',
    {
      schema: {
        tags: ['settings'],
        response: {
          200: {
            description:
              'An attachment, tally-backup-YYYY-MM-DD.zip: manifest.json (format, version, exported_at, counts), data.json (profile, settings, categories, budgets and their history, receipts with items, rates, import mappings, store and item memory, recurring bills) and originals/<receipt id>.<ext>',
            content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
          },
          ...commonErrors,
        },
      },
    },
    async (req, reply) => {
      const backup = await service.backup(req.user.uid);
      return reply
        .header('access-control-expose-headers', 'content-disposition')
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${backup.fileName}"`)
        .send(zipStream(backup.entries, backup.at) as unknown as string);
    },
  );

  app.post(
    '/api/backup/restore',
    {
      schema: {
        tags: ['settings'],
        consumes: ['multipart/form-data'],
        description: `Multipart form with the field \`file\`: a backup made by GET /api/backup, up to ${MAX_MB} MB, restored into this account, which must hold no receipts (409). Checked whole before anything is written (400 or 413 with the reason); written in one transaction under new ids.`,
        response: { 200: RestoreAnswer, 409: ErrorBody, 413: ErrorBody, ...commonErrors },
      },
    },
    async (req) => {
      // On disk, not in memory: a backup may be hundreds of megabytes, and the zip is read entry by entry.
      const file = path.join(os.tmpdir(), `tally-restore-${crypto.randomUUID()}.zip`);
      try {
        try {
          const part = await req.file();
          if (!part) throw badRequest('Choose a backup file to restore in the field "file"');
          if (part.fieldname !== 'file') throw badRequest('Send the backup in the field "file"');
          await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
        } catch (err) {
          throw uploadError(err);
        }
        return await service.restore(req.user.uid, file);
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    },
  );
};
export default backupRoutes;
