import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestUser } from '../../helpers';
import { emulatorSignIn } from '../../../../scripts/testEmulator';
import { createIdentity } from '../../../../src/server/identity';
import { INVITATION_TOKEN_HEADER, type Household, type Invitation } from '../../../../src/shared/households';
import { todayUtc } from '../receipts/fixtures';

/** The household API as the tests call it, as one person. */
export function householdsAs(t: TestApp, user: TestUser) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> =>
    t.request(user, { method, url: `/api/households${url}`, ...(payload === undefined ? {} : { payload }) });
  return {
    call,
    async create(name = 'Flat 4B'): Promise<Household> {
      const res = await call('POST', '', { name });
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async invite(householdId: string, email: string): Promise<Invitation> {
      const res = await call('POST', `/${householdId}/invitations`, { email });
      if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    accept: (token: string) => call('POST', '/invitations/accept', { token }),
    decline: (token: string) => call('POST', '/invitations/decline', { token }),
    preview: (token: string) => t.request(user, { method: 'GET', url: '/api/households/invitations/preview', headers: { [INVITATION_TOKEN_HEADER]: token } }),
  };
}

/** The token of an invitation link (it travels in the fragment). */
export const tokenOf = (invitation: Invitation) => new URL(invitation.link).hash.slice(1);

/**
 * A person whose address the provider has verified, as after following its verification mail:
 * the emulator marks it, and a new sign-in carries the claim in the token.
 */
export async function verifiedUser(t: TestApp, opts: Parameters<TestApp['signUp']>[0] = {}): Promise<TestUser> {
  const user = await t.signUp(opts);
  const identity = createIdentity(t.config);
  try {
    await identity.auth.updateUser(user.uid, { emailVerified: true });
  } finally {
    await identity.close();
  }
  return { ...user, token: await emulatorSignIn(user.email, user.password) };
}

/** Invites `user` into the household and accepts as them; answers the household as they see it. */
export async function join(t: TestApp, owner: TestUser, householdId: string, user: TestUser): Promise<Household> {
  const invitation = await householdsAs(t, owner).invite(householdId, user.email);
  const res = await householdsAs(t, user).accept(tokenOf(invitation));
  if (res.statusCode !== 200) throw new Error(`accept: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Ana's household with Ben; member ids by name. */
export async function couple(t: TestApp) {
  const ana = await verifiedUser(t, { displayName: 'Ana' });
  const ben = await verifiedUser(t, { displayName: 'Ben' });
  const created = await householdsAs(t, ana).create('Flat 4B');
  const joined: Household = await join(t, ana, created._id, ben);
  const id = (name: string) => joined.members.find((m) => m.display_name === name)!._id;
  return { ana, ben, household: joined, ids: { ana: id('Ana'), ben: id('Ben') } };
}

export type Couple = Awaited<ReturnType<typeof couple>>;

/** Ana's $100 groceries today, split by exact amounts (Ana's share first). */
export const groceries = ({ household, ids }: Couple, anaShare: number, extra: object = {}) => ({
  store: 'Costco',
  date: todayUtc(),
  amount: 100,
  category: 'Food',
  household_id: household._id,
  shared_expenses: [
    { member_id: ids.ana, amount: anaShare },
    { member_id: ids.ben, amount: 100 - anaShare },
  ],
  ...extra,
});
