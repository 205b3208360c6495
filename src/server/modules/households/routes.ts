import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import {
  Household,
  HouseholdList,
  HouseholdNameBody,
  HouseholdParams,
  Invitation,
  InvitationBody,
  InvitationTokenBody,
  MemberParams,
  PlaceholderBody,
} from '../../../shared/households';
import { HouseholdService } from './service';

/**
 * Households under /api/households. Every route answers only through the asker's own active
 * member row: a household they are not in (or have left) is a 404 on every route and method.
 *
 * What happens to shared receipts (none exist yet; the rule they will follow): leaving and being
 * removed keep the person's member row as a former member, so the receipts they paid or shared
 * stay with the household and every balance keeps its counterpart; they no longer see any of
 * it. Deleting the household deletes everything it shares for everyone; each person's own
 * receipts stay theirs. A deleted account's row becomes 'a former member' with no account.
 */
const householdRoutes: FastifyPluginAsync<{ webOrigin: string }> = async (root, { webOrigin }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new HouseholdService(app.db, app.clock, webOrigin);
  const tags = ['households'];
  const errors = { ...commonErrors, 403: ErrorBody, 409: ErrorBody };
  const none = { 204: Type.Null({ description: 'Done' }), ...errors };
  // Another member's change (a removal, a rename) alters these answers without a request of the asker.
  const config = { readCache: false };

  app.get(
    '/api/households',
    { config, schema: { tags, description: 'The households I am a member of.', response: { 200: HouseholdList, ...errors } } },
    (req) => service.list(req.user.uid),
  );

  app.post(
    '/api/households',
    { schema: { tags, description: 'Creates a household with me as its owner.', body: HouseholdNameBody, response: { 201: Household, ...errors } } },
    async (req, reply) => reply.status(201).send(await service.create(req.user, req.body.name)),
  );

  app.get(
    '/api/households/:id',
    {
      config,
      schema: { tags, description: 'The household and all its members, former ones last.', params: HouseholdParams, response: { 200: Household, ...errors } },
    },
    (req) => service.get(req.user.uid, req.params.id),
  );

  app.put(
    '/api/households/:id',
    {
      schema: {
        tags,
        description: 'Renames the household (owner).',
        params: HouseholdParams,
        body: HouseholdNameBody,
        response: { 200: Household, ...errors },
      },
    },
    (req) => service.rename(req.user.uid, req.params.id, req.body.name),
  );

  app.delete(
    '/api/households/:id',
    { schema: { tags, description: 'Deletes the household and what it shares, for every member (owner).', params: HouseholdParams, response: none } },
    async (req, reply) => {
      await service.delete(req.user.uid, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/households/:id/members',
    {
      schema: {
        tags,
        description: 'Adds a placeholder member: someone who shares but never signs in.',
        params: HouseholdParams,
        body: PlaceholderBody,
        response: { 201: Household, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.addPlaceholder(req.user.uid, req.params.id, req.body.display_name)),
  );

  app.delete(
    '/api/households/:id/members/:member_id',
    {
      schema: {
        tags,
        description: 'Removes a member or placeholder (owner). Their row stays as a former member, so shares and balances keep their counterpart.',
        params: MemberParams,
        response: { 200: Household, ...errors },
      },
    },
    (req) => service.removeMember(req.user.uid, req.params.id, req.params.member_id),
  );

  app.post(
    '/api/households/:id/leave',
    {
      schema: {
        tags,
        description: 'Leaves the household: my row stays as a former member. The owner’s role passes to the longest member; the last one to leave deletes it.',
        params: HouseholdParams,
        response: none,
      },
    },
    async (req, reply) => {
      await service.leave(req.user.uid, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/households/:id/invitations',
    {
      schema: {
        tags,
        description: 'An invitation link for an e-mail address, shown this once; it replaces an open one to the same address.',
        params: HouseholdParams,
        body: InvitationBody,
        response: { 201: Invitation, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.invite(req.user.uid, req.params.id, req.body.email)),
  );

  app.post(
    '/api/households/invitations/accept',
    {
      schema: {
        tags,
        description: 'Joins the household of an invitation: the signed-in account with the verified address it was sent to, once, before it expires.',
        body: InvitationTokenBody,
        response: { 200: Household, ...errors },
      },
    },
    (req) => service.accept(req.user, req.body.token),
  );

  app.post(
    '/api/households/invitations/decline',
    { schema: { tags, description: 'Declines an invitation sent to my verified address.', body: InvitationTokenBody, response: none } },
    async (req, reply) => {
      await service.decline(req.user, req.body.token);
      return reply.status(204).send(null);
    },
  );
};
export default householdRoutes;
