import { Type, type Static } from 'typebox';
import { MemberShare } from './receipts';
import { MAX_PRINTED_AMOUNT } from './money';
import {
  HOUSEHOLD_NAME_MAX,
  HOUSEHOLD_PAGE_DEFAULT,
  HOUSEHOLD_PAGE_MAX,
  INVITATION_TOKEN_HEADER,
  MEMBER_NAME_MAX,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  type MemberRole,
  type MemberStatus,
} from './constants/households';
// The client takes these from ./constants/households, which has no schema library behind it.
export * from './constants/households';

const Name = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Id = Type.String({ maxLength: 100 });

/** A person the household counts: a signed-in member, a placeholder, or a former member. */
export const HouseholdMember = Type.Object({
  _id: Type.String(),
  display_name: Type.String(),
  role: Type.Enum([...MEMBER_ROLES] as MemberRole[]),
  status: Type.Enum([...MEMBER_STATUSES] as MemberStatus[]),
  /** This member is the person asking. */
  is_me: Type.Boolean(),
  joined_at: Type.String({ format: 'date-time' }),
  left_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type HouseholdMember = Static<typeof HouseholdMember>;

/** A household as its members see it (GET /api/households/{id}): every member, former ones last. */
export const Household = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  /** The asker's own member row. */
  my_member_id: Type.String(),
  my_role: Type.Enum([...MEMBER_ROLES] as MemberRole[]),
  members: Type.Array(HouseholdMember),
});
export type Household = Static<typeof Household>;

/** One of my households in the list (GET /api/households). */
export const HouseholdSummary = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  my_role: Type.Enum([...MEMBER_ROLES] as MemberRole[]),
  /** Active and placeholder members. */
  member_count: Type.Integer(),
});
export type HouseholdSummary = Static<typeof HouseholdSummary>;
export const HouseholdList = Type.Array(HouseholdSummary);

export const HouseholdParams = Type.Object({ id: Id });
export type HouseholdParams = Static<typeof HouseholdParams>;
export const MemberParams = Type.Object({ id: Id, member_id: Id });
export type MemberParams = Static<typeof MemberParams>;

/** POST /api/households and PUT /api/households/{id}: the name. */
export const HouseholdNameBody = Type.Object({ name: Name(HOUSEHOLD_NAME_MAX) }, { additionalProperties: false });
export type HouseholdNameBody = Static<typeof HouseholdNameBody>;

/** POST /api/households/{id}/members: someone who will never sign in (a child, a flatmate without an account). */
export const PlaceholderBody = Type.Object({ display_name: Name(MEMBER_NAME_MAX) }, { additionalProperties: false });
export type PlaceholderBody = Static<typeof PlaceholderBody>;

/** POST /api/households/{id}/invitations. */
export const InvitationBody = Type.Object({ email: Type.String({ minLength: 3, maxLength: 320 }) }, { additionalProperties: false });
export type InvitationBody = Static<typeof InvitationBody>;

/**
 * The invitation made: its link carries the token, shown this once (only its hash is kept). Tally
 * sends no mail: the inviter passes the link on, as the auth emulator shows a password-reset link.
 */
export const Invitation = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
  link: Type.String(),
});
export type Invitation = Static<typeof Invitation>;

/** POST /api/households/invitations/accept and …/decline: the token from the link. */
export const InvitationTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type InvitationTokenBody = Static<typeof InvitationTokenBody>;

/**
 * GET /api/households/invitations/preview: the token travels in this header, never in the address
 * (addresses reach logs; the link keeps it in the fragment for the same reason).
 */
export const InvitationTokenHeaders = Type.Object({ [INVITATION_TOKEN_HEADER]: Type.String({ minLength: 1, maxLength: 200 }) });
export type InvitationTokenHeaders = Static<typeof InvitationTokenHeaders>;

/** What the join page shows before the invitation is answered, and nothing else of the household. */
export const InvitationPreview = Type.Object({
  household_name: Type.String(),
  /** The inviting member's name as the household shows it. */
  invited_by: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type InvitationPreview = Static<typeof InvitationPreview>;

// ---------- shared receipts, balances and settling up ----------

/** ?limit&offset of a household's pages (its receipts, its history); the total is in x-total-count. */
export const HouseholdPageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HOUSEHOLD_PAGE_MAX, default: HOUSEHOLD_PAGE_DEFAULT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
});
export type HouseholdPageQuery = Static<typeof HouseholdPageQuery>;

/** A receipt shared with the household, as every member sees it (never the sharer's private fields). */
export const SharedReceipt = Type.Object({
  _id: Type.String(),
  store: Type.String(),
  date: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  paid_by: Type.String(),
  shared_by: Type.String(),
  /** Each member's share, adding up to the amount to the cent. */
  shares: Type.Array(MemberShare),
  created_at: Type.String({ format: 'date-time' }),
});
export type SharedReceipt = Static<typeof SharedReceipt>;
export const SharedReceiptList = Type.Array(SharedReceipt);

/** What one member owes another in one currency ('You owe Ben $23.40'); only pairs that owe anything. */
export const Debt = Type.Object({
  from_member_id: Type.String(),
  from_name: Type.String(),
  to_member_id: Type.String(),
  to_name: Type.String(),
  currency: Type.String(),
  amount: Type.Number(),
});
export type Debt = Static<typeof Debt>;

/** GET /api/households/{id}/balances: per pair and currency, after every share and settlement. */
export const Balances = Type.Object({ my_member_id: Type.String(), debts: Type.Array(Debt) });
export type Balances = Static<typeof Balances>;

/** POST /api/households/{id}/settlements: a payment, full or part, of what one member owes another. */
export const SettlementBody = Type.Object(
  {
    from_member_id: Type.String({ maxLength: 100 }),
    to_member_id: Type.String({ maxLength: 100 }),
    amount: Type.Number({ minimum: 0, maximum: MAX_PRINTED_AMOUNT, description: "Above 0, in the currency's decimals" }),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
  },
  { additionalProperties: false },
);
export type SettlementBody = Static<typeof SettlementBody>;

export const Settlement = Type.Object({
  _id: Type.String(),
  from_member_id: Type.String(),
  to_member_id: Type.String(),
  recorded_by: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Settlement = Static<typeof Settlement>;

/** One line of the household's history, newest first: a receipt shared or a payment recorded. */
export const HistoryEntry = Type.Union([
  Type.Object({ kind: Type.Literal('share'), receipt: SharedReceipt }),
  Type.Object({ kind: Type.Literal('settlement'), settlement: Settlement }),
]);
export type HistoryEntry = Static<typeof HistoryEntry>;
export const History = Type.Array(HistoryEntry);

// ---------- the household's spending ----------

/** ?from&to of GET /api/households/{id}/spending: calendar dates, both included; this month (UTC) when left out. */
export const SpendingQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
});
export type SpendingQuery = Static<typeof SpendingQuery>;

/** One currency's part of the household's spending: shared receipts are counted in their own currency, never converted. */
export const CurrencySpending = Type.Object({
  currency: Type.String(),
  total: Type.Number(),
  /** By the sharer's category name, largest first. */
  by_category: Type.Array(Type.Object({ category: Type.String(), amount: Type.Number() })),
  /** Each member's shares, largest first (placeholders and former members too). */
  by_member: Type.Array(Type.Object({ member_id: Type.String(), display_name: Type.String(), amount: Type.Number() })),
});
export type CurrencySpending = Static<typeof CurrencySpending>;

/** GET /api/households/{id}/spending: the shared receipts of a period, by category and by person, per currency. */
export const HouseholdSpending = Type.Object({ from: Type.String(), to: Type.String(), currencies: Type.Array(CurrencySpending) });
export type HouseholdSpending = Static<typeof HouseholdSpending>;
