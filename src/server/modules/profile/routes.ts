import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { CreateProfileBody, Profile, ProfileUpdate, RegisterBody } from '../../../shared/profile';
import type { Identity } from '../../identity';
import { ProfileService, type ProfileHooks } from './service';
import { signUpRateLimit } from '../../plugins/security';

/**
 * Profile routes, at the paths of spec §7: the /api area (register, profile form) and the
 * receipt area's /profile/ with its create-on-404.
 */
const profileRoutes: FastifyPluginAsync<{ identity: Identity; hooks: ProfileHooks }> = async (root, { identity, hooks }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new ProfileService(app.db, identity, app.log, hooks, app.clock);
  const tags = ['profile'];

  app.post(
    '/api/auth/register',
    { config: { rateLimit: signUpRateLimit }, schema: { tags, body: RegisterBody, response: { 200: Profile, 201: Profile, ...commonErrors } } },
    async (req, reply) => {
      const { profile, created } = await service.ensureProfile(req.user, req.body.user_id, req.body.display_name);
      return reply.status(created ? 201 : 200).send(profile);
    },
  );

  app.get('/api/profile/', { schema: { tags, response: { 200: Profile, ...commonErrors } } }, (req) => service.get(req.user.uid));

  app.put('/api/profile/', { schema: { tags, body: ProfileUpdate, response: { 200: Profile, ...commonErrors } } }, (req) =>
    service.update(req.user.uid, req.body),
  );

  app.get('/profile/', { schema: { tags, response: { 200: Profile, ...commonErrors } } }, (req) => service.get(req.user.uid));

  app.post(
    '/profile/',
    { config: { rateLimit: signUpRateLimit }, schema: { tags, body: CreateProfileBody, response: { 200: Profile, 201: Profile, ...commonErrors } } },
    async (req, reply) => {
      const { profile, created } = await service.ensureProfile(req.user, req.body.user_id, req.body.display_name, req.body.avatar_url ?? null);
      return reply.status(created ? 201 : 200).send(profile);
    },
  );
};
export default profileRoutes;
