import fp from 'fastify-plugin';
import type { SMTPServer } from 'smtp-server';
import { DraftService } from '../drafts/service';
import { ScanService } from '../scan/service';
import { createMailListener } from './listener';
import { MailInService } from './service';

export interface MailListenerOptions {
  host: string;
  port: number;
  domain: string;
  queueMax: number;
}

/** Starts the mail listener when the app is ready and closes it with the app; the connections open are ended. */
export default fp<MailListenerOptions>(async (app, { host, port, domain, queueMax }) => {
  const scan = new ScanService(app.db, app.receiptScanner, app.clock);
  const drafts = new DraftService(app.db, app.blobs, app.blobUrls, () => app.jobQueue.get(), { queueMax }, scan, app.clock);
  const server: SMTPServer = createMailListener({
    mailIn: new MailInService(app.db, app.clock, domain),
    drafts,
    domain,
    log: (err, what) => app.log.error({ err }, what),
  });
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, host, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
});
