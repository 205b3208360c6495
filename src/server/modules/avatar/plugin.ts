import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../../shared/errors';
import { notFound } from '../../errors';
import type { BlobDriver } from '../../blobs/store';
import { AVATAR_CONTENT_TYPE, AvatarStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    avatars: AvatarStore;
  }
}

const Params = Type.Object({ file: Type.String({ maxLength: 80 }) });
const Image = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The avatar image' });

/**
 * The avatar store (over the configured blob storage) and GET /static/avatars/{file}. Public: an <img>
 * sends no bearer token; the random file name is the key. A name is never reused, so the
 * browser may keep the image for a year.
 */
export default fp<{ driver: BlobDriver }>(async (root, { driver }) => {
  root.decorate('avatars', new AvatarStore(driver));
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/static/avatars/:file',
    { schema: { tags: ['profile'], security: [], params: Params, response: { 200: Image, 404: ErrorBody } } },
    async (req, reply) => {
      const bytes = await app.avatars.read(req.params.file);
      if (!bytes) throw notFound('Avatar not found');
      return reply
        .header('content-type', AVATAR_CONTENT_TYPE)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
});
