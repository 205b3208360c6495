import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { commonErrors, ErrorBody } from '../../../shared/errors';
import {
  Balances,
  History,
  HouseholdPageQuery,
  Settlement,
  SettlementBody,
  SharedReceiptList,
  Household,
  HouseholdList,
  HouseholdNameBody,
  HouseholdParams,
  Invitation,
  InvitationBody,
  InvitationTokenBody,
  InvitationTokenHeaders,
  InvitationPreview,
  INVITATION_TOKEN_HEADER,
  MemberParams,
  PlaceholderBody,
  HouseholdSpending,
  SpendingQuery,
} from '../../../shared/households';
import { TOTAL_COUNT_HEADER } from '../../../shared/receipts';
import { HouseholdService } from './service';

/**
 * Households under /api/households. Every route answers only through the asker's own active
 * member row: a household they are not in (or have left) is a 404 on every route and method.
 *
 * What happens to shared receipts: leaving and being removed keep the person's member row as a
 * former member, so the receipts they paid or shared stay with the household and every balance
 * keeps its counterpart; they no longer see any of it, and their own receipts stop reaching it. Deleting the household deletes everything it shares for everyone; each person's own
 * receipts stay theirs. A deleted account's row becomes 'a former member' with no account.
 */
/** A write that makes something: 201 with what it made. */
const created = async (reply: FastifyReply, work: Promise<unknown>) => reply.status(201).send(await work);

/** A write that answers nothing: 204 once done. */
async function done(reply: FastifyReply, work: Promise<unknown>) {
  await work;
  return reply.status(204).send(null);
}

/** A page: its rows, and how many there are in the total-count header. */
async function paged(reply: FastifyReply, work: Promise<{ items: unknown[]; total: number }>) {
  const { items, total } = await work;
  return reply.header(TOTAL_COUNT_HEADER, String(total)).header('access-control-expose-headers', TOTAL_COUNT_HEADER).send(items);
}

const householdRoutes: FastifyPluginAsync<{ webOrigin: string }> = async (root, { webOrigin }) => {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const service = new HouseholdService(app.db, app.clock, webOrigin);
  const errors = { ...commonErrors, 403: ErrorBody, 409: ErrorBody };
  const none = { 204: Type.Null({ description: 'Done' }) };
  /** Every route's shape: its tag, what it does, its request parts, and its answers with the common errors. */
  const doc = <P extends object, A extends object>(description: string, parts: P, response: A) => ({
    schema: { tags: ['households'], description, ...parts, response: { ...response, ...errors } },
  });
  // Another member's change (a removal, a rename, a receipt shared) alters these answers without a request of the asker.
  const fresh = <T extends object>(options: T) => ({ ...options, config: { readCache: false } });
  const params = HouseholdParams;
  const aPage = { params, querystring: HouseholdPageQuery };

  app.get('/api/households', fresh(doc('The households I am a member of.', {}, { 200: HouseholdList })), (req) => service.list(req.user.uid));

  app.post('/api/households', doc('Creates a household with me as its owner.', { body: HouseholdNameBody }, { 201: Household }), (req, reply) =>
    created(reply, service.create(req.user, req.body.name)),
  );

  app.get('/api/households/:id', fresh(doc('The household and all its members, former ones last.', { params }, { 200: Household })), (req) =>
    service.get(req.user.uid, req.params.id),
  );

  app.put('/api/households/:id', doc('Renames the household (owner).', { params, body: HouseholdNameBody }, { 200: Household }), (req) =>
    service.rename(req.user.uid, req.params.id, req.body.name),
  );

  app.delete(
    '/api/households/:id',
    doc('Deletes the household and what it shares, for every member (owner). Each person’s own receipts stay theirs.', { params }, none),
    (req, reply) => done(reply, service.delete(req.user.uid, req.params.id)),
  );

  app.post(
    '/api/households/:id/members',
    doc('Adds a placeholder member: someone who shares but never signs in.', { params, body: PlaceholderBody }, { 201: Household }),
    (req, reply) => created(reply, service.addPlaceholder(req.user.uid, req.params.id, req.body.display_name)),
  );

  app.delete(
    '/api/households/:id/members/:member_id',
    doc(
      'Removes a member or placeholder (owner). Their row stays as a former member, so shares and balances keep their counterpart.',
      { params: MemberParams },
      { 200: Household },
    ),
    (req) => service.removeMember(req.user.uid, req.params.id, req.params.member_id),
  );

  app.post(
    '/api/households/:id/leave',
    doc(
      'Leaves the household: my row stays as a former member and what I shared stays with it. The owner’s role passes to the longest member; the last one to leave deletes it.',
      { params },
      none,
    ),
    (req, reply) => done(reply, service.leave(req.user.uid, req.params.id)),
  );

  app.post(
    '/api/households/:id/invitations',
    doc(
      'An invitation link for an e-mail address, shown this once; it replaces an open one to the same address.',
      { params, body: InvitationBody },
      { 201: Invitation },
    ),
    (req, reply) => created(reply, service.invite(req.user.uid, req.params.id, req.body.email)),
  );

  app.post(
    '/api/households/invitations/accept',
    doc(
      'Joins the household of an invitation: the signed-in account with the verified address it was sent to, once, before it expires.',
      { body: InvitationTokenBody },
      { 200: Household },
    ),
    (req) => service.accept(req.user, req.body.token),
  );

  app.get(
    '/api/households/invitations/preview',
    // Per token, not per address, and accepting changes it: never from the read cache.
    fresh(
      doc(
        `What an invitation is for, before it is answered: the household's name, who invited, until when. The token goes in the ${INVITATION_TOKEN_HEADER} header. Refused as accepting would be (an unknown token 404, an answered one 409, an expired one 400, another or an unverified address 403).`,
        { headers: InvitationTokenHeaders },
        { 200: InvitationPreview },
      ),
    ),
    (req) => service.preview(req.user, req.headers[INVITATION_TOKEN_HEADER]),
  );

  app.post(
    '/api/households/invitations/decline',
    doc('Declines an invitation sent to my verified address.', { body: InvitationTokenBody }, none),
    (req, reply) => done(reply, service.decline(req.user, req.body.token)),
  );

  app.get(
    '/api/households/:id/receipts',
    fresh(
      doc(
        `A page of the receipts shared with the household, newest first, with each member's share; ${TOTAL_COUNT_HEADER} carries how many there are. Never a member's private receipts.`,
        aPage,
        { 200: SharedReceiptList },
      ),
    ),
    (req, reply) => paged(reply, service.sharedReceipts(req.user.uid, req.params.id, req.query)),
  );

  app.get(
    '/api/households/:id/balances',
    fresh(
      doc(
        "Who owes whom ('You owe Ben $23.40'): per pair of members and currency, after every share and payment. Currencies are not netted against each other.",
        { params },
        { 200: Balances },
      ),
    ),
    (req) => service.balances(req.user.uid, req.params.id),
  );

  app.get(
    '/api/households/:id/spending',
    fresh(
      doc(
        "The whole household's spending in a period (from, to: dates, both included; this month in UTC when left out; at most 366 days): its shared receipts by the sharer's category name and each member's shares, per currency, in the receipts' own currencies (never converted).",
        { params, querystring: SpendingQuery },
        { 200: HouseholdSpending },
      ),
    ),
    (req) => service.spending(req.user.uid, req.params.id, req.query),
  );

  app.post(
    '/api/households/:id/settlements',
    doc(
      'Records a payment, full or part, of what one member owes another in one currency: positive, and at most what is owed (more would be a new expense). Any member may record it.',
      { params, body: SettlementBody },
      { 201: Settlement },
    ),
    (req, reply) => created(reply, service.settle(req.user.uid, req.params.id, req.body)),
  );

  app.get(
    '/api/households/:id/history',
    fresh(
      doc(`A page of the household's history, newest first: receipts shared and payments recorded; ${TOTAL_COUNT_HEADER} carries how many there are.`, aPage, {
        200: History,
      }),
    ),
    (req, reply) => paged(reply, service.history(req.user.uid, req.params.id, req.query)),
  );
};
export default householdRoutes;
