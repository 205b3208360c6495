import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors } from '../../../shared/errors';
import { DeleteAccountBody } from '../../../shared/settings';
import type { Identity } from '../../identity';
import { AccountService } from './service';

/** DELETE /api/account: the user and all their data, after they type their email to confirm. */
const accountRoutes: FastifyPluginAsync<{ identity: Identity }> = async (root, { identity }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new AccountService({ db: app.db, identity, tokens: app.tokens, blobs: app.blobs, avatars: app.avatars, log: app.log, clock: app.clock });

  app.delete(
    '/api/account',
    {
      schema: {
        tags: ['settings'],
        description: 'Deletes every row and stored image of the user and the identity account. `confirm` must be the account email.',
        body: DeleteAccountBody,
        response: { 204: Type.Null({ description: 'Deleted' }), ...commonErrors },
      },
    },
    async (req, reply) => {
      await service.delete(req.user, req.body.confirm);
      return reply.status(204).send(null);
    },
  );
};
export default accountRoutes;
