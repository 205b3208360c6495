import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { Settings, SettingsUpdate } from '../../../shared/settings';
import { SettingsService, type SettingsHooks } from './service';

/** GET/PUT /api/settings: receipt date order for scanning, the colour theme and the home currency. */
const settingsRoutes: FastifyPluginAsync<{ hooks: SettingsHooks }> = async (root, { hooks }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new SettingsService(app.db, hooks, app.clock);
  const tags = ['settings'];

  app.get('/api/settings', { schema: { tags, response: { 200: Settings, ...commonErrors } } }, (req) => service.get(req.user.uid));

  app.put('/api/settings', { schema: { tags, body: SettingsUpdate, response: { 200: Settings, ...commonErrors } } }, (req) =>
    service.update(req.user.uid, req.body),
  );
};
export default settingsRoutes;
