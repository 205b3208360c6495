import { Type, type Static } from 'typebox';
import { HOUSEHOLD_NAME_MAX, MEMBER_NAME_MAX, MEMBER_ROLES, MEMBER_STATUSES, type MemberRole, type MemberStatus } from './constants/households';
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
