import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { AnalyticsBreakdown, AnalyticsQuery, AnalyticsSeries } from '../../../shared/analytics';
import { AnalyticsService } from './service';

/** GET /api/analytics (spec §7) and GET /api/analytics/breakdown (this period vs the previous). */
const analyticsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new AnalyticsService(app.db, app.clock);
  const tags = ['analytics'];

  app.get(
    '/api/analytics',
    {
      schema: {
        tags,
        description: 'Spending per period, oldest first: 12 weeks (from Monday), 12 months or 5 years ending today in tz (default UTC).',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsSeries, ...commonErrors },
      },
    },
    (req) => service.series(req.user.uid, req.query),
  );

  app.get('/api/analytics/breakdown', { schema: { tags, querystring: AnalyticsQuery, response: { 200: AnalyticsBreakdown, ...commonErrors } } }, (req) =>
    service.breakdown(req.user.uid, req.query),
  );
};
export default analyticsRoutes;
