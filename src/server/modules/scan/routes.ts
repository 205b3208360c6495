import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import { SCAN_BODY_LIMIT, SCAN_RATE_LIMIT_PER_MINUTE, ScanReceiptRequest, ScanReceiptResult, ScanTrust } from '../../../shared/scan';
import { TRUST_SCANS } from '../../../shared/constants/scan';
import { payloadTooLarge } from '../../errors';
import { perUserRateLimit } from '../../requestLimits';
import { IMAGE_TOO_LARGE } from '../../images/upload';
import { ScanService } from './service';

const scanRateLimit = perUserRateLimit('scan', SCAN_RATE_LIMIT_PER_MINUTE, (wait) => `Too many scans. Please wait ${wait} before scanning another receipt.`);

/** POST /scan/receipt-base64 (spec §7): a receipt photo in, store, date, total and items out. */
const scanRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new ScanService(app.db, app.receiptScanner, app.clock);

  app.post(
    '/scan/receipt-base64',
    {
      bodyLimit: SCAN_BODY_LIMIT,
      config: { rateLimit: scanRateLimit },
      // A body over the limit is an image that is too large: say so in those words.
      errorHandler: (err, _req, _reply) => {
        throw (err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? payloadTooLarge(IMAGE_TOO_LARGE) : err;
      },
      schema: {
        tags: ['scan'],
        description: 'Reads a receipt image on this server (no cloud service). Limited per user per minute.',
        body: ScanReceiptRequest,
        response: { 200: ScanReceiptResult, 413: ErrorBody, ...commonErrors },
      },
    },
    (req) => service.scan(req.user.uid, req.body),
  );

  app.get(
    '/scan/trust',
    {
      // What scanning learned changes when the person's refit runs in the background.
      config: { readCache: false },
      schema: {
        tags: ['scan'],
        description: `Of the person's own last ${TRUST_SCANS} saved scans (a scan or a draft saved with its read_id as scan_read_id), how many had the store, date and total saved as read; and whether scans pick the fields with the person's own weights, learned from their saved scans, or why not.`,
        response: { 200: ScanTrust, ...commonErrors },
      },
    },
    (req) => service.trust(req.user.uid),
  );
};
export default scanRoutes;
