import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { Notification, NotificationCount, NotificationList, NotificationListQuery, NotificationParams, ReadAllAnswer } from '../../../shared/notifications';
import { NotificationService } from './service';

/** Notifications of spec §7. They are created by the server (triggers.ts), never through the API. */
const notificationRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new NotificationService(app.db);
  const tags = ['notifications'];

  app.get('/notifications', { schema: { tags, querystring: NotificationListQuery, response: { 200: NotificationList, ...commonErrors } } }, (req) =>
    service.list(req.user.uid, req.query.include_read ?? false),
  );

  app.get('/notifications/count', { schema: { tags, response: { 200: NotificationCount, ...commonErrors } } }, async (req) => ({
    count: await service.count(req.user.uid),
  }));

  // Registered before /:id/read so 'read-all' is never taken for an id (the router prefers static parts anyway).
  app.put('/notifications/read-all', { schema: { tags, response: { 200: ReadAllAnswer, ...commonErrors } } }, async (req) => ({
    updated: await service.markAllRead(req.user.uid),
  }));

  app.put('/notifications/:id/read', { schema: { tags, params: NotificationParams, response: { 200: Notification, ...commonErrors } } }, (req) =>
    service.markRead(req.user.uid, req.params.id),
  );
};
export default notificationRoutes;
