import fp from 'fastify-plugin';
import { remindDue } from '../modules/notifications/triggers';
import { runEvery } from '../periodic';

/**
 * Looks for confirmed recurring bills due and return windows closing in the next few days, once
 * the app is ready and then every `everyMs`. Each is told once (a mark in the database), so any
 * number of API instances may run this side by side.
 */
export default fp<{ everyMs: number }>(async (app, { everyMs }) => {
  runEvery(app, { everyMs, what: 'reminders', run: () => remindDue(app.db, app.clock()) });
});
