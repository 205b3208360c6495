import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` once the app is ready and then every `everyMs`, one run at a time (a run still
 * going when the next is due is not doubled), and waits for the last one when the app closes.
 * A failed run is logged as `what failed`; the next one is tried as usual. Jobs run this way must
 * be safe side by side on several instances.
 */
export function runEvery(app: FastifyInstance, opts: { everyMs: number; what: string; run: () => Promise<unknown> }): void {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= opts
      .run()
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, `${opts.what} failed`))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, opts.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
