import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { commonErrors } from '../../../shared/errors';
import { MAIL_MAX_BYTES, MAIL_MAX_RECEIPTS, MailIn, MailSendersBody } from '../../../shared/mailIn';
import { MailInService } from './service';

/** Receipts by e-mail: the person's private address on Tally's mail listener, and whose mail is read there. */
const mailInRoutes: FastifyPluginAsync<{ domain: string }> = async (root, { domain }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new MailInService(app.db, app.clock, domain);
  const tags = ['mail-in'];

  app.get(
    '/api/mail-in',
    {
      config: { readCache: false },
      schema: {
        tags,
        description: `The person's private address (made on first asking) and allowed senders. A mail sent there from the account's own address or an allowed sender becomes drafts in the review queue: one per photo or PDF (at most ${MAIL_MAX_RECEIPTS}), else the message itself, read as an e-receipt; a mail from anyone else, or with nothing receipt-like, becomes one draft that says so. Mails up to ${MAIL_MAX_BYTES / 1024 / 1024} MB.`,
        response: { 200: MailIn, ...commonErrors },
      },
    },
    (req) => service.get(req.user.uid, req.user.email),
  );

  app.post(
    '/api/mail-in/address',
    {
      schema: {
        tags,
        description: "'Make a new address': the address in use is retired (mail to it is refused from now on, with the reason) and a new one answers.",
        response: { 200: MailIn, ...commonErrors },
      },
    },
    (req) => service.newAddress(req.user.uid, req.user.email),
  );

  app.put(
    '/api/mail-in/senders',
    {
      schema: {
        tags,
        description: "Replaces the other allowed senders (the account's own address always is one).",
        body: MailSendersBody,
        response: { 200: MailIn, ...commonErrors },
      },
    },
    (req) => service.setSenders(req.user.uid, req.user.email, req.body.senders),
  );
};
export default mailInRoutes;
