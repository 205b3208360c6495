import type { Db } from '../../db';
import type { Executor } from '../../db/schema';
import { writeAsUser } from '../../db/accountGate';
import { notFound } from '../../errors';
import { centsOf } from '../../money';
import { fromCents } from '../../../shared/money';
import type { RecurringSeries, RecurringUpdate } from '../../../shared/recurring';
import { oneIntervalAfter } from './reconcile';
import { findSeries, listSeries, receiptBriefs, updateSeries, type ReceiptBrief, type SeriesRow } from './repository';
import type { Clock } from '../../clock';

/** What other modules read through this one. */
export { confirmedSeries, confirmedDueBetween, findSeries, receiptBriefs, type SeriesRow } from './repository';
export { oneIntervalAfter } from './reconcile';

/** What other modules do inside the transaction of a series update (see moduleWiring.ts). */
export interface RecurringHooks {
  /** A series is now confirmed, or a confirmed one was edited: its bill may be due soon. */
  billChanged(trx: Executor, userId: string, seriesId: string, now: Date): Promise<void>;
}

/** The amount and interval a series is counted with: the person's where they set them. */
export const billAmountCents = (row: SeriesRow) => row.edited_amount_cents ?? row.amount_cents;
export const billInterval = (row: SeriesRow) => row.edited_interval ?? row.interval;

function toSeries(row: SeriesRow, receipts: ReadonlyMap<string, ReceiptBrief>): RecurringSeries {
  return {
    _id: row.id,
    store: row.store,
    status: row.status,
    interval: billInterval(row),
    amount: fromCents(billAmountCents(row)),
    found_interval: row.interval,
    found_amount: fromCents(row.amount_cents),
    edited: row.edited_amount_cents !== null || row.edited_interval !== null,
    first_date: row.first_date,
    last_date: row.last_date,
    next_date: row.next_date,
    receipts: row.receipt_ids.flatMap((id) => {
      const r = receipts.get(id);
      return r ? [{ _id: r.id, date: r.date, amount: fromCents(r.amount_cents) }] : [];
    }),
  };
}

const seriesNotFound = () => notFound('Recurring bill not found');

export class RecurringService {
  constructor(
    private db: Db,
    private hooks: RecurringHooks,
    private clock: Clock,
  ) {}

  /** The person's series with the receipts each is based on. Detection ran when the receipts changed. */
  async list(userId: string): Promise<RecurringSeries[]> {
    const rows = await listSeries(this.db, userId);
    return this.withReceipts(this.db, userId, rows);
  }

  async update(userId: string, id: string, body: RecurringUpdate): Promise<RecurringSeries> {
    const editedAmount = body.amount === undefined ? undefined : centsOf(body.amount, 'amount');
    return writeAsUser(this.db, userId, async (trx) => {
      const row = await findSeries(trx, userId, id, { forUpdate: true });
      if (!row) throw seriesNotFound();
      const patch: Parameters<typeof updateSeries>[3] = {};
      if (body.status !== undefined) patch.status = body.status;
      // An edit equal to what was found is no edit: the series follows detection again.
      if (editedAmount !== undefined) patch.edited_amount_cents = editedAmount === row.amount_cents ? null : editedAmount;
      if (body.interval !== undefined) {
        patch.edited_interval = body.interval === row.interval ? null : body.interval;
        patch.next_date = oneIntervalAfter(row.last_date, body.interval);
      }
      await updateSeries(trx, userId, id, patch);
      const updated = (await findSeries(trx, userId, id))!;
      if (updated.status === 'confirmed') await this.hooks.billChanged(trx, userId, id, this.clock());
      return (await this.withReceipts(trx, userId, [updated]))[0];
    });
  }

  private async withReceipts(db: Executor, userId: string, rows: SeriesRow[]): Promise<RecurringSeries[]> {
    const briefs = await receiptBriefs(
      db,
      userId,
      rows.flatMap((r) => r.receipt_ids),
    );
    const byId = new Map(briefs.map((b) => [b.id, b]));
    return rows.map((r) => toSeries(r, byId));
  }
}
