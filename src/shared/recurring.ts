import { Type, type Static } from 'typebox';
import { MAX_AMOUNT } from './money';
import { RECURRING_INTERVALS, RECURRING_STATUSES, type RecurringInterval, type RecurringStatus } from './constants/recurring';
// The client takes these from ./constants/recurring, which has no schema library behind it.
export { BILL_REMINDER_DAYS, RECURRING_INTERVALS, RECURRING_STATUSES, type RecurringInterval, type RecurringStatus } from './constants/recurring';

const Interval = Type.Enum([...RECURRING_INTERVALS] as RecurringInterval[]);
const Status = Type.Enum([...RECURRING_STATUSES] as RecurringStatus[]);

/** A receipt a series was found in: what makes the series explainable. */
export const RecurringReceipt = Type.Object({ _id: Type.String(), date: Type.String(), amount: Type.Number() });
export type RecurringReceipt = Static<typeof RecurringReceipt>;

/** A recurring bill found in the person's receipts (GET /recurring). Money in dollars like the rest of the API. */
export const RecurringSeries = Type.Object({
  _id: Type.String(),
  store: Type.String(),
  status: Status,
  /** The person's interval when they edited it, else the one found. */
  interval: Interval,
  /** The person's amount when they edited it, else the latest receipt's. */
  amount: Type.Number(),
  /** What detection found, shown beside an edit. */
  found_interval: Interval,
  found_amount: Type.Number(),
  /** Whether the person changed the amount or the interval. */
  edited: Type.Boolean(),
  first_date: Type.String(),
  last_date: Type.String(),
  /** When the next bill is expected ('YYYY-MM-DD'), a few days either side. */
  next_date: Type.String(),
  /** The receipts it is based on, oldest first. */
  receipts: Type.Array(RecurringReceipt),
});
export type RecurringSeries = Static<typeof RecurringSeries>;
export const RecurringList = Type.Array(RecurringSeries);

export const RecurringParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type RecurringParams = Static<typeof RecurringParams>;

/** PUT /recurring/{id}: confirm, dismiss (or bring back), and edit the amount or interval. */
export const RecurringUpdate = Type.Object(
  {
    status: Type.Optional(Status),
    amount: Type.Optional(Type.Number({ minimum: 0.01, maximum: MAX_AMOUNT })),
    interval: Type.Optional(Interval),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type RecurringUpdate = Static<typeof RecurringUpdate>;
