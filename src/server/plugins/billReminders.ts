import fp from 'fastify-plugin';
import { remindDueBills } from '../modules/notifications/triggers';
import { runEvery } from '../periodic';

/**
 * Looks for confirmed recurring bills due in the next few days, once the app is ready and then
 * every `everyMs`. Each bill date is told once (a mark in the database), so any number of API
 * instances may run this side by side.
 */
export default fp<{ everyMs: number }>(async (app, { everyMs }) => {
  runEvery(app, { everyMs, what: 'bill reminders', run: () => remindDueBills(app.db, app.clock()) });
});
