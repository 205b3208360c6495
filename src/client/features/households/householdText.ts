import type {
  Debt,
  HistoryEntry,
  Household,
  HouseholdMember,
  HouseholdSummary,
  InvitationPreview,
  MemberRole,
  SharedReceipt,
} from '../../../shared/households';
import { FORMER_MEMBER_NAME } from '../../../shared/constants/households';
import { EMAIL_NOT_VERIFIED } from '../../../shared/constants/errors';
import type { ApiError } from '../../api/api';
import { formatDate } from '../../ui/dates';
import { formatMoney } from '../../ui/money';
import type { PagedSectionTexts } from './HouseholdSection';

/** What a household is for: the empty list says it, and the join page repeats it. */
export const HOUSEHOLD_PURPOSE =
  'A household is for money you share with others: a partner, flatmates, a family, a trip. Its members share receipts and see who owes whom; each person’s own receipts, budgets and notifications stay private.';

export const roleLabel = (role: MemberRole) => (role === 'owner' ? 'Owner' : 'Member');

export const memberCountText = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/** One line of the list: 'Owner · 3 members'. */
export const summaryLine = (h: Pick<HouseholdSummary, 'my_role' | 'member_count'>) => `${roleLabel(h.my_role)} · ${memberCountText(h.member_count)}`;

/** Who a member is to the household, beside their name. */
export function memberLine(m: HouseholdMember): string {
  if (m.status === 'former') return m.left_at ? `Former member · left ${formatDate(m.left_at)}` : 'Former member';
  if (m.status === 'placeholder') return 'Placeholder · does not sign in';
  return roleLabel(m.role);
}

/** The members who count (active and placeholders): the list's count, on the household's page. */
export const currentMembers = (h: Household) => h.members.filter((m) => m.status !== 'former');

/** The signed-in member there longest besides me: who owns the household when its owner leaves (as the API picks). */
const nextOwner = (h: Household) => h.members.find((m) => m.status === 'active' && !m.is_me);

/**
 * What leaving does, as the API does it: my row stays as a former member, so what I paid or
 * shared stays with the household; the last signed-in member to leave deletes it.
 */
export function leaveMessage(h: Household): string {
  const next = nextOwner(h);
  if (!next)
    return `You are the last member of ${h.name} who signs in, so leaving deletes it for good, with everything it shares. Your own receipts stay yours.`;
  const owner = h.my_role === 'owner' ? ` ${next.display_name} becomes its owner.` : '';
  return `You will no longer see ${h.name} or anything it shares. The shared receipts you paid or took part in stay with the household under your name as a former member, so nobody's balance changes.${owner}`;
}

/** What removing a member does: their row stays as a former member, so their shares and balances keep their counterpart. */
export function removeMessage(h: Household, m: HouseholdMember): string {
  const sees = m.status === 'active' ? ` ${m.display_name} will no longer see ${h.name} or anything it shares.` : '';
  return `${m.display_name} will be listed as a former member. The shared receipts they paid or took part in stay with the household, so nobody's balance changes.${sees}`;
}

/** What deleting does: everything the household shares goes, for every member; each person's own receipts stay. */
export function deleteMessage(h: Household): string {
  return `This deletes ${h.name} for all its members: its members, its invitations and every receipt it shares, with the balances between you. Each person's own receipts stay theirs. This cannot be undone.`;
}

/** Under the link the inviter passes on: Tally sends no mail, and the link is not shown again. */
export function invitationNote(email: string, expiresAt: string): string {
  return `Tally sends no e-mail: send this link to ${email} yourself. It works once, for that address only, until ${formatDate(expiresAt)}. It is shown only now.`;
}

/** Under 'Join Flat 4B' on the join page: 'Ben invited you, as mia@example.com. The link works until Jan 12, 2026.' */
export function invitedLine(p: InvitationPreview, email: string | undefined): string {
  return `${p.invited_by} invited you${email ? `, as ${email}` : ''}. The link works until ${formatDate(p.expires_at)}.`;
}

/** The API's refusal of an invitation to an address not yet verified (by its code, not its words). */
export function isUnverifiedEmailRefusal(error: unknown): boolean {
  return (error as Partial<ApiError> | undefined)?.code === EMAIL_NOT_VERIFIED;
}

/** A member as a sentence names them: 'You' or 'you' for me, their name for anyone else. */
function person(memberId: string, name: string, me: string, first: boolean): string {
  if (memberId !== me) return name;
  return first ? 'You' : 'you';
}

/** A member's name from the household's list (former members included); a row it no longer lists is 'A former member'. */
function nameIn(h: Household, memberId: string): string {
  return h.members.find((m) => m._id === memberId)?.display_name ?? FORMER_MEMBER_NAME;
}

/** One balance, as the person asking reads it: 'You owe Ben $23.40', 'Ben owes you $8.10', 'Ben owes Mia €4.50'. */
export function debtLine(d: Debt, me: string): string {
  const from = person(d.from_member_id, d.from_name, me, true);
  return `${from} ${from === 'You' ? 'owe' : 'owes'} ${person(d.to_member_id, d.to_name, me, false)} ${formatMoney(d.amount, d.currency)}`;
}

/** The balance is between me and someone: I may settle it up. */
export const concernsMe = (d: Debt, me: string) => d.from_member_id === me || d.to_member_id === me;

/** The balances I am part of first, then the others', each group in the API's order. */
export const myDebtsFirst = (debts: Debt[], me: string) => [...debts.filter((d) => concernsMe(d, me)), ...debts.filter((d) => !concernsMe(d, me))];

/** Who the other side of my balance is: the settle-up dialog's 'Settle up with Ben'. */
export const counterpart = (d: Debt, me: string) => (d.from_member_id === me ? d.to_name : d.from_name);

/** The facts under a shared receipt's store: 'Jan 5, 2026 · Paid by Ben · Your share $23.40' (no share of mine: 'You have no share'). */
export function sharedReceiptLine(r: SharedReceipt, h: Household): string {
  const mine = r.shares.find((s) => s.member_id === h.my_member_id);
  const share = mine ? `Your share ${formatMoney(mine.amount, mine.currency)}` : 'You have no share';
  return `${formatDate(r.date)} · Paid by ${person(r.paid_by, nameIn(h, r.paid_by), h.my_member_id, false)} · ${share}`;
}

/** One line of the history: 'Ben paid $46.80 at Costco' for a share, 'You paid Ben $8.40' for a payment. */
export function historyLine(e: HistoryEntry, h: Household): string {
  const me = h.my_member_id;
  if (e.kind === 'share') {
    const r = e.receipt;
    return `${person(r.paid_by, nameIn(h, r.paid_by), me, true)} paid ${formatMoney(r.amount, r.currency)} at ${r.store}`;
  }
  const s = e.settlement;
  return `${person(s.from_member_id, nameIn(h, s.from_member_id), me, true)} paid ${person(s.to_member_id, nameIn(h, s.to_member_id), me, false)} ${formatMoney(s.amount, s.currency)}`;
}

/** When a history entry happened: the day it was recorded. */
export const historyDate = (e: HistoryEntry) => formatDate(e.kind === 'share' ? e.receipt.created_at : e.settlement.created_at);

export const SHARED_RECEIPTS_TEXTS: PagedSectionTexts = {
  title: 'Shared receipts',
  empty: "No receipts are shared with this household yet. Share one when you save it, and each member's share counts towards the balances.",
  failure: 'Failed to load the shared receipts',
};

export const HISTORY_TEXTS: PagedSectionTexts = {
  title: 'History',
  empty: 'Nothing has happened here yet: receipts shared and payments recorded will be listed here, newest first.',
  failure: 'Failed to load the history',
};
