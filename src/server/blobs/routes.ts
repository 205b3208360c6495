import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../shared/errors';
import { IMAGE_TYPES } from '../../shared/receipts';
import { forbidden, notFound } from '../errors';

const Params = Type.Object({ user: Type.String({ maxLength: 140 }), file: Type.String({ maxLength: 80 }) });
const Query = Type.Object({
  exp: Type.Optional(Type.String({ maxLength: 20 })),
  sig: Type.Optional(Type.String({ maxLength: 100 })),
  download: Type.Optional(Type.Literal('1', { description: "'1': sent as a file to save (the receipt's original), not shown" })),
});
const Image = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The image bytes' });

/**
 * GET /blobs/receipts/{user}/{file}?exp=…&sig=…: public, because an <img> cannot send a bearer
 * token. The signature is the permission: it names the key and an expiry.
 */
const blobRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/blobs/receipts/:user/:file',
    { schema: { tags: ['receipts'], security: [], params: Params, querystring: Query, response: { 200: Image, 403: ErrorBody, 404: ErrorBody } } },
    async (req, reply) => {
      const key = `${req.params.user}/${req.params.file}`;
      const check = app.blobUrls.check(key, req.query.exp, req.query.sig);
      if (check === 'expired') throw forbidden('This image link has expired');
      if (check !== 'ok') throw forbidden('This image link is not valid');
      const blob = await app.blobs.get(key);
      if (!blob) throw notFound('Image not found');
      // A PDF or a mail is always a file to save: the API's origin never shows a document it did not write.
      if (req.query.download || !(IMAGE_TYPES as readonly string[]).includes(blob.contentType))
        reply.header('content-disposition', `attachment; filename="receipt-${req.params.file}"`);
      return reply
        .header('content-type', blob.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(blob.bytes);
    },
  );
};
export default blobRoutes;
