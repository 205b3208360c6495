import fp from 'fastify-plugin';
import { remindDueBills } from '../modules/notifications/triggers';

/**
 * Looks for confirmed recurring bills due in the next few days, once the app is ready and then
 * every `everyMs`. Each bill date is told once (a mark in the database), so any number of API
 * instances may run this side by side.
 */
export default fp<{ everyMs: number }>(async (app, { everyMs }) => {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= remindDueBills(app.db, app.clock())
      .catch((err: unknown) => app.log.error({ err }, 'bill reminders failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
