import type { Executor } from '../../db/schema';
import { badRequest } from '../../errors';
import { HOUSEHOLD_MAX_MEMBERS, HOUSEHOLDS_PER_PERSON_MAX } from '../../../shared/households';
import type { BackupHousehold, BackupSettlement, BackupSharing } from '../../../shared/backup';
import { shareReceipt, type ReceiptFacts, type SplitSpec } from './shares';
import * as repo from './repository';

/**
 * What a backup keeps of the person's households, and how a restore makes them again. Only what
 * is the person's: the households they are a current member of (names, members' display names),
 * the sharing of their own receipts and the payments they made or received; never another
 * member's address or receipts.
 */
export interface HouseholdsOfBackup {
  households: BackupHousehold[];
  /** The sharing of each of the person's receipts that is shared, by receipt id. */
  sharing: Map<string, BackupSharing>;
  settlements: BackupSettlement[];
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The member ids a split names (the members it is for besides 'everyone'). */
export function membersNamedBy(split: SplitSpec): string[] {
  const targets = [...(split.items ?? []), ...(split.byAmount ? [split.byAmount] : [])];
  return targets.flatMap((t) =>
    t.kind === 'one' ? [t.member] : t.kind === 'portions' ? Object.keys(t.portions) : t.kind === 'exact' ? Object.keys(t.amounts) : [],
  );
}

/** The split with every member id it names mapped by `to`. */
export function splitMapped(split: SplitSpec, to: (memberId: string) => string): SplitSpec {
  const keys = <V>(record: Readonly<Record<string, V>>) => Object.fromEntries(Object.entries(record).map(([id, v]) => [to(id), v]));
  const target = <T extends NonNullable<SplitSpec['byAmount']>>(t: T): T =>
    (t.kind === 'one'
      ? { ...t, member: to(t.member) }
      : t.kind === 'portions'
        ? { ...t, portions: keys(t.portions) }
        : t.kind === 'exact'
          ? { ...t, amounts: keys(t.amounts) }
          : t) as T;
  return {
    ...(split.items ? { items: split.items.map(target) } : {}),
    ...(split.byAmount ? { byAmount: target(split.byAmount) } : {}),
  };
}

/**
 * The person's households as a backup holds them. Former members are left out (nobody can be a
 * placeholder for them again), so a receipt whose sharing names one comes back unshared.
 */
export async function householdsOfBackup(db: Executor, userId: string, receiptIds: readonly string[]): Promise<HouseholdsOfBackup> {
  const households: BackupHousehold[] = [];
  const settlements: BackupSettlement[] = [];
  const kept = new Map<string, Set<string>>();
  for (const me of await repo.activeMembershipsOf(db, userId)) {
    const household = (await repo.householdById(db, me.household_id))!;
    const members = (await repo.membersOf(db, me.household_id)).filter((m) => m.status !== 'former');
    const current = new Set(members.map((m) => m.id));
    kept.set(household.id, current);
    households.push({
      id: household.id,
      name: household.name,
      members: members.map((m) => ({ id: m.id, display_name: m.display_name, is_me: m.id === me.id, placeholder: m.status === 'placeholder' })),
    });
    for (const s of await repo.settlementsOfMember(db, me.household_id, me.id)) {
      // A payment with a former member goes with them, as their shares do.
      if (!current.has(s.from_member) || !current.has(s.to_member)) continue;
      settlements.push({
        household_id: s.household_id,
        from_member: s.from_member,
        to_member: s.to_member,
        currency: s.currency,
        amount_minor: Number(s.amount_minor),
        created_at: iso(s.created_at),
      });
    }
  }
  const sharing = new Map<string, BackupSharing>();
  for (const row of await repo.sharedRowsForReceipts(db, userId, receiptIds)) {
    const split = row.split as SplitSpec;
    const members = kept.get(row.household_id);
    if (!members || ![row.paid_by, ...membersNamedBy(split)].every((id) => members.has(id))) continue;
    sharing.set(row.receipt_id!, { household_id: row.household_id, paid_by: row.paid_by, split });
  }
  return { households, sharing, settlements };
}

/** Refuses households a restore could not make: beyond what one person and one household may have. */
export async function checkRoomForRestore(db: Executor, userId: string, households: readonly BackupHousehold[]): Promise<void> {
  if ((await repo.countActiveMemberships(db, userId)) + households.length > HOUSEHOLDS_PER_PERSON_MAX) {
    throw badRequest(`The backup holds ${households.length} households; a person can be in at most ${HOUSEHOLDS_PER_PERSON_MAX}. Nothing was changed.`);
  }
  const crowded = households.find((h) => h.members.length > HOUSEHOLD_MAX_MEMBERS);
  if (crowded) throw badRequest(`Household ${crowded.id} in the backup has more than ${HOUSEHOLD_MAX_MEMBERS} members. Nothing was changed.`);
}

/**
 * Inside a restore's transaction, ids already mapped: each household made again with the person
 * as its owner and everyone else as a placeholder of the same name (they have no account here;
 * the person can invite them as usual).
 */
export async function restoreHouseholds(trx: Executor, userId: string, households: readonly BackupHousehold[], now: Date): Promise<void> {
  for (const h of households) {
    await repo.insertHousehold(trx, h.name, userId, now, h.id);
    for (const m of h.members) {
      await repo.insertMember(trx, {
        id: m.id,
        household_id: h.id,
        user_id: m.is_me ? userId : null,
        display_name: m.display_name,
        role: m.is_me ? 'owner' : 'member',
        status: m.is_me ? 'active' : 'placeholder',
        joined_at: now,
      });
    }
  }
}

/** A restored receipt shared again as it was, through the same path as a save (shares, counts). */
export async function restoreSharing(trx: Executor, userId: string, facts: ReceiptFacts, sharing: BackupSharing, now: Date): Promise<void> {
  const { items, byAmount } = sharing.split;
  await shareReceipt(trx, { uid: userId }, facts, { householdId: sharing.household_id, mentioned: true, paidBy: sharing.paid_by, items, byAmount }, now);
}

/** The person's payments, recorded again as they were (by them: the others have no account here). */
export async function restoreSettlements(trx: Executor, recordedBy: ReadonlyMap<string, string>, settlements: readonly BackupSettlement[]): Promise<void> {
  for (const s of settlements) {
    await repo.insertSettlement(trx, {
      household_id: s.household_id,
      from_member: s.from_member,
      to_member: s.to_member,
      recorded_by: recordedBy.get(s.household_id)!,
      currency: s.currency,
      amount_minor: s.amount_minor,
      created_at: new Date(s.created_at),
    });
  }
}
