/** Household constants of the API contract without its schemas: what the client imports. */

/** A household's name, and a member's name as the household sees it. */
export const HOUSEHOLD_NAME_MAX = 60;
export const MEMBER_NAME_MAX = 60;

/** People in one household at once (owner, members and placeholders; former members do not count). */
export const HOUSEHOLD_MAX_MEMBERS = 20;
/** Households one person may belong to at once (family, flat, a trip or two). */
export const HOUSEHOLDS_PER_PERSON_MAX = 20;
/** Invitations of one household waiting for an answer at once. */
export const PENDING_INVITATIONS_MAX = 20;

/** How long an invitation link can be accepted. */
export const INVITATION_LIFETIME_DAYS = 7;
/** Random bytes of an invitation token: unguessable; only its SHA-256 is stored. */
export const INVITATION_TOKEN_BYTES = 32;
/** The web app's page an invitation link opens; the token follows in the fragment. */
export const INVITATION_PATH = '/households/join';
/** The request header that carries an invitation's token when it is only read (lower case, as HTTP/2 sends it). */
export const INVITATION_TOKEN_HEADER = 'x-invitation-token';

/** owner: renames, deletes, removes others; member: sees, invites, adds placeholders, leaves. */
export const MEMBER_ROLES = ['owner', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * active: signed-in member; placeholder: someone who never signs in (a child, a flatmate without
 * an account); former: left, was removed, or deleted their account. A former member's row stays,
 * so the shares and balances that name it keep their counterpart.
 */
export const MEMBER_STATUSES = ['active', 'placeholder', 'former'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** What a household calls a member whose account was deleted (their row stays for the balances). */
export const FORMER_MEMBER_NAME = 'A former member';

/** Portions one member may take of an item or a receipt (3 of 4 slices). */
export const SHARE_PORTIONS_MAX = 100;
/** Shared receipts, and history rows, one page holds at most. */
export const HOUSEHOLD_PAGE_MAX = 200;
export const HOUSEHOLD_PAGE_DEFAULT = 50;
