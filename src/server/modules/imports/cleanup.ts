import fp from 'fastify-plugin';
import { runEvery } from '../../periodic';
import { deleteOldPreviews } from './repository';

/**
 * Deletes everyone's statement previews past their time (a day after the upload, or after the
 * import finished) once the app is ready and then every `everyMs`, so an upload nobody commits
 * does not wait for its person's next one. Any number of API instances may run this side by side.
 */
export default fp<{ everyMs: number }>(async (app, { everyMs }) => {
  runEvery(app, { everyMs, what: 'deleting old statement previews', run: () => deleteOldPreviews(app.db) });
});
