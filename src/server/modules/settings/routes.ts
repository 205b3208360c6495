import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { Settings, SettingsUpdate } from '../../../shared/settings';
import { SettingsService } from './service';

/** GET/PUT /api/settings: receipt date order for scanning and the colour theme. */
const settingsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new SettingsService(app.db);
  const tags = ['settings'];

  app.get('/api/settings', { schema: { tags, response: { 200: Settings, ...commonErrors } } }, (req) => service.get(req.user.uid));

  app.put('/api/settings', { schema: { tags, body: SettingsUpdate, response: { 200: Settings, ...commonErrors } } }, (req) =>
    service.update(req.user.uid, req.body),
  );
};
export default settingsRoutes;
