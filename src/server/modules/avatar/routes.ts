import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { AVATAR_MAX_BYTES, AvatarAnswer } from '../../../shared/settings';
import { badRequest, HttpError, payloadTooLarge } from '../../errors';
import { AvatarService } from './service';

const MAX_MB = AVATAR_MAX_BYTES / 1024 / 1024;

/** Multipart failures in plain words; a malformed form is the client's fault (400), never a 500. */
function uploadError(err: unknown): HttpError {
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(`The image is too large (max ${MAX_MB} MB)`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the image as multipart/form-data in the field "file"');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'Send one image in the field "file" and nothing else');
    default:
      if (err instanceof HttpError) return err;
      if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return new HttpError(statusCode, 'The upload could not be read');
      return badRequest('The upload could not be read');
  }
}

/**
 * POST /profile/avatar (spec §7): multipart field `file`, a JPEG or PNG up to 5 MB. Multipart
 * parsing is registered for this plugin only; every other route keeps taking JSON alone.
 */
const avatarRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, parts: 10, fields: 9, fieldSize: 1024, headerPairs: 100 } });
  const service = new AvatarService(app.db, app.avatars);

  app.post(
    '/profile/avatar',
    {
      schema: {
        tags: ['profile'],
        consumes: ['multipart/form-data'],
        description: `Multipart form with the field \`file\`: a JPEG or PNG image up to ${MAX_MB} MB. Stored as a ${256}px square without metadata.`,
        response: { 200: AvatarAnswer, 413: ErrorBody, ...commonErrors },
      },
    },
    async (req) => {
      let bytes: Buffer;
      try {
        const part = await req.file();
        if (!part) throw badRequest('Please choose an image to upload in the field "file"');
        if (part.fieldname !== 'file') throw badRequest('Send the image in the field "file"');
        bytes = await part.toBuffer();
      } catch (err) {
        throw uploadError(err);
      }
      return { avatar: await service.replace(req.user.uid, bytes) };
    },
  );
};
export default avatarRoutes;
