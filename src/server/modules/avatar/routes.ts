import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { AVATAR_MAX_BYTES, AvatarAnswer } from '../../../shared/settings';
import { badRequest } from '../../errors';
import { imageTooLarge } from '../../images/upload';
import { multipartError } from '../../requestLimits';
import { AvatarService } from './service';

const MAX_MB = AVATAR_MAX_BYTES / 1024 / 1024;

const UPLOAD_WORDS = {
  tooLarge: imageTooLarge(AVATAR_MAX_BYTES),
  notMultipart: 'Send the image as multipart/form-data in the field "file"',
  tooManyParts: 'Send one image in the field "file" and nothing else',
};
const uploadError = (err: unknown) => multipartError(err, UPLOAD_WORDS);

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
