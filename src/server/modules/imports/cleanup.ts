import fp from 'fastify-plugin';
import { deleteOldPreviews } from './repository';

/**
 * Deletes everyone's statement previews past their time (a day after the upload, or after the
 * import finished) once the app is ready and then every `everyMs`, so an upload nobody commits
 * does not wait for its person's next one. Any number of API instances may run this side by side.
 */
export default fp<{ everyMs: number }>(async (app, { everyMs }) => {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= deleteOldPreviews(app.db)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'deleting old statement previews failed'))
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
