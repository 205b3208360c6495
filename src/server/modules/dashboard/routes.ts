import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { TimeZoneQuery } from '../../../shared/analytics';
import { BudgetAnswer, BudgetBody, Dashboard } from '../../../shared/dashboard';
import { DashboardService } from './service';
import type { ProfileHooks } from '../profile/service';

/** Dashboard of spec §7: GET /dashboard and POST /dashboard/budget. */
const dashboardRoutes: FastifyPluginAsync<{ profileHooks: ProfileHooks }> = async (root, { profileHooks }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new DashboardService(app.db, profileHooks, app.clock);
  const tags = ['dashboard'];

  app.get('/dashboard', { schema: { tags, querystring: TimeZoneQuery, response: { 200: Dashboard, ...commonErrors } } }, (req) =>
    service.get(req.user.uid, req.query.tz),
  );

  app.post('/dashboard/budget', { schema: { tags, body: BudgetBody, response: { 200: BudgetAnswer, ...commonErrors } } }, (req) =>
    service.setBudget(req.user.uid, req.body),
  );
};
export default dashboardRoutes;
