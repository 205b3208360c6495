import crypto from 'node:crypto';
import { startTestApp, testNow, type TestApp, type TestUser } from '../../helpers';
import {
  FORMER_MEMBER_NAME,
  HOUSEHOLD_MAX_MEMBERS,
  HOUSEHOLD_NAME_MAX,
  HOUSEHOLDS_PER_PERSON_MAX,
  INVITATION_LIFETIME_DAYS,
  INVITATION_PATH,
  INVITATION_TOKEN_HEADER,
  MEMBER_NAME_MAX,
  type Household,
} from '../../../../src/shared/households';
import { EMAIL_NOT_VERIFIED } from '../../../../src/shared/constants/errors';
import { householdsAs, join, tokenOf, verifiedUser } from './householdApi';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const messageOf = (res: { json(): unknown }) => (res.json() as { message: string }).message;

/** Everything the tables hold about one household, to show a refused request changed nothing. */
async function rowsOf(householdId: string) {
  const db = t.db.db;
  return {
    household: await db.selectFrom('households').selectAll().where('id', '=', householdId).execute(),
    members: await db.selectFrom('household_members').selectAll().where('household_id', '=', householdId).orderBy('id').execute(),
    invitations: await db.selectFrom('household_invitations').selectAll().where('household_id', '=', householdId).orderBy('id').execute(),
  };
}

describe('a household and its members', () => {
  it('is created with me as owner, listed, renamed and read with its members', async () => {
    const owner = await t.signUp({ displayName: 'Ana' });
    const api = householdsAs(t, owner);
    const created = await api.create('  Flat 4B ');
    expect(created).toMatchObject({
      name: 'Flat 4B',
      my_role: 'owner',
      members: [{ display_name: 'Ana', role: 'owner', status: 'active', is_me: true, left_at: null }],
    });

    expect((await api.call('GET', '')).json()).toEqual([{ _id: created._id, name: 'Flat 4B', my_role: 'owner', member_count: 1 }]);
    const renamed = await api.call('PUT', `/${created._id}`, { name: 'Holiday 2027' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Holiday 2027');
    const withChild = await api.call('POST', `/${created._id}/members`, { display_name: 'Mia' });
    expect(withChild.statusCode).toBe(201);
    expect((withChild.json() as Household).members.map((m) => [m.display_name, m.status])).toEqual([
      ['Ana', 'active'],
      ['Mia', 'placeholder'],
    ]);
    expect((await api.call('GET', `/${created._id}`)).json()).toEqual(withChild.json());
  });

  it('refuses every bad input with its message and changes nothing', async () => {
    const owner = await t.signUp();
    const api = householdsAs(t, owner);
    const h = await api.create();
    const before = await rowsOf(h._id);
    const long = (n: number) => 'x'.repeat(n + 1);
    const cases: Array<[string, string, string, unknown, string]> = [
      ['an empty name', 'PUT', `/${h._id}`, { name: '' }, 'name must not be empty'],
      ['a blank name', 'PUT', `/${h._id}`, { name: '   ' }, 'Give the household a name.'],
      ['a long name', 'PUT', `/${h._id}`, { name: long(HOUSEHOLD_NAME_MAX) }, `name must be at most ${HOUSEHOLD_NAME_MAX} characters`],
      ['an unknown field', 'PUT', `/${h._id}`, { name: 'A', owner: 'me' }, 'Unknown field: owner'],
      ['no name', 'PUT', `/${h._id}`, {}, 'name is required'],
      ['a blank member', 'POST', `/${h._id}/members`, { display_name: ' ' }, 'Give the member a name.'],
      ['a long member', 'POST', `/${h._id}/members`, { display_name: long(MEMBER_NAME_MAX) }, `display_name must be at most ${MEMBER_NAME_MAX} characters`],
      ['a wrong address', 'POST', `/${h._id}/invitations`, { email: 'not-an-address' }, 'Enter the e-mail address to invite, like name@example.com.'],
      ['a number for an address', 'POST', `/${h._id}/invitations`, { email: 42 }, 'email must be a string'],
      ['removing myself', 'DELETE', `/${h._id}/members/${h.my_member_id}`, undefined, 'To leave the household yourself, use Leave.'],
      ['an empty token', 'POST', '/invitations/accept', { token: '' }, 'token must not be empty'],
      ['a NUL in a name', 'PUT', `/${h._id}`, { name: 'a\u0000b' }, 'Text must not contain NUL (\\u0000) characters'],
    ];
    for (const [what, method, url, payload, message] of cases) {
      const res = await api.call(method as 'PUT', url, payload as object);
      expect([what, res.statusCode]).toEqual([what, 400]);
      expect([what, messageOf(res)]).toEqual([what, message]);
    }
    expect(await rowsOf(h._id)).toEqual(before);
  });

  it('holds at most the members the limit allows', async () => {
    const owner = await t.signUp();
    const api = householdsAs(t, owner);
    const h = await api.create();
    for (let i = 1; i < HOUSEHOLD_MAX_MEMBERS; i++) expect((await api.call('POST', `/${h._id}/members`, { display_name: `Kid ${i}` })).statusCode).toBe(201);
    const before = await rowsOf(h._id);
    const res = await api.call('POST', `/${h._id}/members`, { display_name: 'One more' });
    expect([res.statusCode, messageOf(res)]).toEqual([400, `A household can have at most ${HOUSEHOLD_MAX_MEMBERS} members.`]);
    expect(await rowsOf(h._id)).toEqual(before);
  });

  it('lets a person be in at most the households the limit allows', async () => {
    const person = await t.signUp();
    const api = householdsAs(t, person);
    for (let i = 0; i < HOUSEHOLDS_PER_PERSON_MAX; i++) await api.create(`Trip ${i}`);
    const res = await api.call('POST', '', { name: 'One more' });
    expect([res.statusCode, messageOf(res)]).toEqual([400, `You can be in at most ${HOUSEHOLDS_PER_PERSON_MAX} households. Leave one first.`]);
    expect((await api.call('GET', '')).json()).toHaveLength(HOUSEHOLDS_PER_PERSON_MAX);
  });

  it('lets only the owner rename, delete and remove; the others get 403 and nothing changes', async () => {
    const owner = await verifiedUser(t);
    const member = await verifiedUser(t);
    const h = await householdsAs(t, owner).create();
    await join(t, owner, h._id, member);
    const before = await rowsOf(h._id);
    const api = householdsAs(t, member);
    const refusals: Array<[string, Promise<{ statusCode: number; json(): unknown }>, string]> = [
      ['rename', api.call('PUT', `/${h._id}`, { name: 'Mine now' }), 'Only the household’s owner can rename it.'],
      ['delete', api.call('DELETE', `/${h._id}`), 'Only the household’s owner can delete it.'],
      ['remove', api.call('DELETE', `/${h._id}/members/${h.my_member_id}`), 'Only the household’s owner can remove members.'],
    ];
    for (const [what, call, message] of refusals) {
      const res = await call;
      expect([what, res.statusCode, messageOf(res)]).toEqual([what, 403, message]);
    }
    expect(await rowsOf(h._id)).toEqual(before);
  });

  it('keeps a removed member as a former member, who loses access at once', async () => {
    const owner = await verifiedUser(t);
    const member = await verifiedUser(t, { displayName: 'Ben' });
    const h = await householdsAs(t, owner).create();
    const joined = await join(t, owner, h._id, member);
    expect((await householdsAs(t, member).call('GET', `/${h._id}`)).statusCode).toBe(200);

    const res = await householdsAs(t, owner).call('DELETE', `/${h._id}/members/${joined.my_member_id}`);
    expect(res.statusCode).toBe(200);
    const ben = (res.json() as Household).members.find((m) => m._id === joined.my_member_id)!;
    expect(ben).toMatchObject({ display_name: 'Ben', status: 'former', left_at: expect.any(String) });
    expect((await householdsAs(t, member).call('GET', `/${h._id}`)).statusCode).toBe(404);
    expect((await householdsAs(t, member).call('GET', '')).json()).toEqual([]);
    // Removing them again finds no current member.
    expect((await householdsAs(t, owner).call('DELETE', `/${h._id}/members/${joined.my_member_id}`)).statusCode).toBe(404);
  });

  it('passes the owner role on when the owner leaves, and goes when the last member leaves', async () => {
    const owner = await verifiedUser(t);
    const member = await verifiedUser(t);
    const h = await householdsAs(t, owner).create();
    await householdsAs(t, owner).call('POST', `/${h._id}/members`, { display_name: 'Mia' });
    await join(t, owner, h._id, member);

    expect((await householdsAs(t, owner).call('POST', `/${h._id}/leave`)).statusCode).toBe(204);
    const seen = (await householdsAs(t, member).call('GET', `/${h._id}`)).json() as Household;
    expect(seen.my_role).toBe('owner');
    expect(seen.members.map((m) => [m.status, m.role])).toEqual([
      ['placeholder', 'member'],
      ['active', 'owner'],
      ['former', 'member'],
    ]);
    expect((await householdsAs(t, owner).call('GET', `/${h._id}`)).statusCode).toBe(404);

    // Only a placeholder would be left, and nobody could see the household again.
    expect((await householdsAs(t, member).call('POST', `/${h._id}/leave`)).statusCode).toBe(204);
    expect(await rowsOf(h._id)).toEqual({ household: [], members: [], invitations: [] });
  });

  it('deletes the household with its members and invitations', async () => {
    const owner = await t.signUp();
    const api = householdsAs(t, owner);
    const h = await api.create();
    await api.invite(h._id, 'someone@example.com');
    expect((await api.call('DELETE', `/${h._id}`)).statusCode).toBe(204);
    expect(await rowsOf(h._id)).toEqual({ household: [], members: [], invitations: [] });
    expect((await api.call('GET', `/${h._id}`)).statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('answers a link with an unguessable token, of which only the hash is kept', async () => {
    const owner = await t.signUp();
    const h = await householdsAs(t, owner).create();
    const invitation = await householdsAs(t, owner).invite(h._id, '  Guest@Example.com ');
    expect(invitation.email).toBe('guest@example.com');
    expect(invitation.link.startsWith(`${t.config.corsOrigins[0]}${INVITATION_PATH}#`)).toBe(true);
    const token = tokenOf(invitation);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(new Date(invitation.expires_at).getTime() - testNow().getTime()).toBeGreaterThan((INVITATION_LIFETIME_DAYS - 1) * 86_400_000);
    const [row] = (await rowsOf(h._id)).invitations;
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('is accepted once, by the verified account it was sent to', async () => {
    const owner = await verifiedUser(t);
    const guest = await verifiedUser(t, { displayName: 'Guest' });
    const other = await verifiedUser(t);
    const unverified = await t.signUp();
    const h = await householdsAs(t, owner).create();
    const invitation = await householdsAs(t, owner).invite(h._id, guest.email);
    const token = tokenOf(invitation);
    const before = await rowsOf(h._id);

    const refusals: Array<[string, TestUser, string, number, string]> = [
      ['a guessed token', guest, crypto.randomBytes(32).toString('base64url'), 404, 'This invitation link is not valid.'],
      ['a token cut short', guest, token.slice(0, -1), 404, 'This invitation link is not valid.'],
      ['another account', other, token, 403, 'This invitation was sent to another e-mail address. Sign in with that address to accept it.'],
      ['the owner', owner, token, 403, 'This invitation was sent to another e-mail address. Sign in with that address to accept it.'],
    ];
    for (const [what, who, tok, status, message] of refusals) {
      for (const answer of ['accept', 'decline'] as const) {
        const res = await householdsAs(t, who)[answer](tok);
        expect([what, answer, res.statusCode, messageOf(res)]).toEqual([what, answer, status, message]);
        expect(res.json()).not.toHaveProperty('code');
      }
    }
    // The guest's address, but not verified.
    const unverifiedInvite = await householdsAs(t, owner).invite(h._id, unverified.email);
    const notYet = await householdsAs(t, unverified).accept(tokenOf(unverifiedInvite));
    // Its own code, which the join page acts on (the words are for people and may change).
    expect(notYet.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Verify your e-mail address first, then open the invitation link again.',
      code: EMAIL_NOT_VERIFIED,
    });
    const afterRefusals = await rowsOf(h._id);
    expect(afterRefusals.members).toEqual(before.members);
    expect(afterRefusals.invitations.filter((i) => i.id === invitation._id)).toEqual(before.invitations);

    const accepted = await householdsAs(t, guest).accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      _id: h._id,
      my_role: 'member',
      members: [{ role: 'owner' }, { display_name: 'Guest', is_me: true, status: 'active' }],
    });
    const again = await householdsAs(t, guest).accept(token);
    expect([again.statusCode, messageOf(again)]).toEqual([409, 'This invitation has already been answered.']);
  });

  it('cannot be accepted once declined, nor after it expires', async () => {
    const owner = await verifiedUser(t);
    const guest = await verifiedUser(t);
    const h = await householdsAs(t, owner).create();
    const declined = tokenOf(await householdsAs(t, owner).invite(h._id, guest.email));
    expect((await householdsAs(t, guest).decline(declined)).statusCode).toBe(204);
    const late = await householdsAs(t, guest).accept(declined);
    expect([late.statusCode, messageOf(late)]).toEqual([409, 'This invitation has already been answered.']);

    const expiring = tokenOf(await householdsAs(t, owner).invite(h._id, guest.email));
    const later = new Date(testNow().getTime() + (INVITATION_LIFETIME_DAYS + 1) * 86_400_000);
    const nextWeek = await startTestApp({ FIXED_TIME: later.toISOString() }, { sharing: t });
    try {
      const res = await householdsAs(nextWeek, guest).accept(expiring);
      expect([res.statusCode, messageOf(res)]).toEqual([400, 'This invitation has expired. Ask for a new one.']);
    } finally {
      await nextWeek.close();
    }
    expect((await rowsOf(h._id)).members).toHaveLength(1);
    expect((await householdsAs(t, guest).accept(expiring)).statusCode).toBe(200);
  });

  it('is read before it is answered: the household’s name, who invited and until when, nothing more', async () => {
    const owner = await verifiedUser(t, { displayName: 'Ana Owner' });
    const member = await verifiedUser(t, { displayName: 'Ben Member' });
    const guest = await verifiedUser(t);
    const other = await verifiedUser(t);
    const h = await householdsAs(t, owner).create('Flat 4B');
    await join(t, owner, h._id, member);
    await householdsAs(t, owner).call('POST', `/${h._id}/members`, { display_name: 'Kid Placeholder' });
    const invitation = await householdsAs(t, member).invite(h._id, guest.email);
    const token = tokenOf(invitation);
    const before = await rowsOf(h._id);

    const seen = await householdsAs(t, guest).preview(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ household_name: 'Flat 4B', invited_by: 'Ben Member', expires_at: invitation.expires_at });
    for (const hidden of ['Ana Owner', 'Kid Placeholder', h._id, h.my_member_id, owner.email, invitation._id]) expect(seen.body).not.toContain(hidden);
    // Reading it answers nothing and changes nothing: it can still be accepted.
    expect(await rowsOf(h._id)).toEqual(before);

    const refusals: Array<[string, TestUser, string, number, string]> = [
      ['a guessed token', guest, crypto.randomBytes(32).toString('base64url'), 404, 'This invitation link is not valid.'],
      ['a token cut short', guest, token.slice(0, -1), 404, 'This invitation link is not valid.'],
      ['another account', other, token, 403, 'This invitation was sent to another e-mail address. Sign in with that address to accept it.'],
    ];
    for (const [what, who, tok, status, message] of refusals) {
      const res = await householdsAs(t, who).preview(tok);
      expect([what, res.statusCode, messageOf(res)]).toEqual([what, status, message]);
      expect(res.body).not.toContain('Flat 4B');
    }
    const unverified = await t.signUp();
    const notYet = await householdsAs(t, unverified).preview(tokenOf(await householdsAs(t, owner).invite(h._id, unverified.email)));
    expect([notYet.statusCode, notYet.json().code]).toEqual([403, EMAIL_NOT_VERIFIED]);
    expect(notYet.body).not.toContain('Flat 4B');
    const bare = await t.request(guest, { method: 'GET', url: '/api/households/invitations/preview' });
    expect(bare.statusCode).toBe(400);
    expect(messageOf(bare)).toContain(INVITATION_TOKEN_HEADER);

    // Answered: read as accepting it again would be.
    expect((await householdsAs(t, guest).accept(token)).statusCode).toBe(200);
    const used = await householdsAs(t, guest).preview(token);
    expect([used.statusCode, messageOf(used)]).toEqual([409, 'This invitation has already been answered.']);
    const declined = tokenOf(await householdsAs(t, owner).invite(h._id, other.email));
    expect((await householdsAs(t, other).decline(declined)).statusCode).toBe(204);
    expect([(await householdsAs(t, other).preview(declined)).statusCode, (await householdsAs(t, other).accept(declined)).statusCode]).toEqual([409, 409]);
  });

  it('is read as expired once accepting it would be refused as expired', async () => {
    const owner = await verifiedUser(t);
    const guest = await verifiedUser(t);
    const h = await householdsAs(t, owner).create('Summer trip');
    const token = tokenOf(await householdsAs(t, owner).invite(h._id, guest.email));
    const later = new Date(testNow().getTime() + (INVITATION_LIFETIME_DAYS + 1) * 86_400_000);
    const nextWeek = await startTestApp({ FIXED_TIME: later.toISOString() }, { sharing: t });
    try {
      const read = await householdsAs(nextWeek, guest).preview(token);
      const accepted = await householdsAs(nextWeek, guest).accept(token);
      expect([read.statusCode, messageOf(read)]).toEqual([400, 'This invitation has expired. Ask for a new one.']);
      expect([accepted.statusCode, messageOf(accepted)]).toEqual([read.statusCode, messageOf(read)]);
      expect(read.body).not.toContain('Summer trip');
    } finally {
      await nextWeek.close();
    }
  });

  it('brings a former member back as their old row', async () => {
    const owner = await verifiedUser(t);
    const guest = await verifiedUser(t);
    const h = await householdsAs(t, owner).create();
    const first = await join(t, owner, h._id, guest);
    await householdsAs(t, guest).call('POST', `/${h._id}/leave`);
    const back = await join(t, owner, h._id, guest);
    expect(back.my_member_id).toBe(first.my_member_id);
    expect(back.members.filter((m) => m.status === 'former')).toEqual([]);
  });
});

describe('at the same time', () => {
  it('lets one of two accepts of one link through', async () => {
    const owner = await verifiedUser(t);
    const guest = await verifiedUser(t);
    const h = await householdsAs(t, owner).create();
    const token = tokenOf(await householdsAs(t, owner).invite(h._id, guest.email));
    const answers = await Promise.all([householdsAs(t, guest).accept(token), householdsAs(t, guest).accept(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await rowsOf(h._id)).members).toHaveLength(2);
  });

  it('deletes the household when its last two members leave at once', async () => {
    const owner = await verifiedUser(t);
    const member = await verifiedUser(t);
    const h = await householdsAs(t, owner).create();
    await join(t, owner, h._id, member);
    const answers = await Promise.all([householdsAs(t, owner).call('POST', `/${h._id}/leave`), householdsAs(t, member).call('POST', `/${h._id}/leave`)]);
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(await rowsOf(h._id)).toEqual({ household: [], members: [], invitations: [] });
  });
});

describe('isolation', () => {
  it('answers 404 on every route and method of a household to a non-member and to a member of another one', async () => {
    const owner = await verifiedUser(t);
    const outsider = await verifiedUser(t);
    const neighbour = await verifiedUser(t);
    const h = await householdsAs(t, owner).create('Private');
    const withKid = await householdsAs(t, owner).call('POST', `/${h._id}/members`, { display_name: 'Mia' });
    const kid = (withKid.json() as Household).members.find((m) => m.status === 'placeholder')!;
    await householdsAs(t, owner).invite(h._id, 'pending@example.com');
    const next = await householdsAs(t, neighbour).create('Next door');
    const before = await rowsOf(h._id);
    const view = (await householdsAs(t, owner).call('GET', `/${h._id}`)).json();

    const attempts: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', `/${h._id}`],
      ['PUT', `/${h._id}`, { name: 'Taken' }],
      ['DELETE', `/${h._id}`],
      ['POST', `/${h._id}/members`, { display_name: 'Intruder' }],
      ['DELETE', `/${h._id}/members/${kid._id}`],
      ['DELETE', `/${h._id}/members/${h.my_member_id}`],
      ['POST', `/${h._id}/leave`],
      ['POST', `/${h._id}/invitations`, { email: 'friend@example.com' }],
      ['GET', `/${h._id}/spending`],
      // The other household's id with this household's member: still nothing.
      ['DELETE', `/${next._id}/members/${kid._id}`],
    ];
    for (const who of [outsider, neighbour]) {
      for (const [method, url, payload] of attempts) {
        const res = await householdsAs(t, who).call(method, url, payload);
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
        expect(res.body).not.toContain('Private');
      }
      expect((await householdsAs(t, who).call('GET', '')).json()).not.toContainEqual(expect.objectContaining({ _id: h._id }));
    }
    // Ids that are not uuids find nothing either.
    for (const id of ['x', '1 OR 1=1', '00000000-0000-0000-0000-000000000000']) {
      expect((await householdsAs(t, outsider).call('GET', `/${encodeURIComponent(id)}`)).statusCode).toBe(404);
    }
    expect(await rowsOf(h._id)).toEqual(before);
    expect((await householdsAs(t, owner).call('GET', `/${h._id}`)).json()).toEqual(view);
  });
});

describe('account deletion', () => {
  it('turns the person into a former member where others stay, and removes households they alone were in', async () => {
    const owner = await verifiedUser(t, { displayName: 'Leaving Owner' });
    const member = await verifiedUser(t);
    const shared = await householdsAs(t, owner).create('Shared');
    await join(t, owner, shared._id, member);
    const alone = await householdsAs(t, owner).create('Alone');
    await householdsAs(t, owner).call('POST', `/${alone._id}/members`, { display_name: 'Placeholder' });
    await householdsAs(t, owner).invite(shared._id, 'pending@example.com');
    const toMe = tokenOf(await householdsAs(t, member).invite(shared._id, owner.email));

    const res = await t.request(owner, { method: 'DELETE', url: '/api/account', payload: { confirm: owner.email } });
    expect(res.statusCode).toBe(204);

    const seen = (await householdsAs(t, member).call('GET', `/${shared._id}`)).json() as Household;
    expect(seen.my_role).toBe('owner');
    expect(seen.members.map((m) => [m.display_name, m.status])).toEqual([
      [expect.any(String), 'active'],
      [FORMER_MEMBER_NAME, 'former'],
    ]);
    expect(await rowsOf(alone._id)).toEqual({ household: [], members: [], invitations: [] });
    const db = t.db.db;
    expect(await db.selectFrom('household_members').select('id').where('user_id', '=', owner.uid).execute()).toEqual([]);
    expect(await db.selectFrom('households').select('id').where('created_by', '=', owner.uid).execute()).toEqual([]);
    const left = await db.selectFrom('household_invitations').select('email').where('household_id', '=', shared._id).orderBy('email').execute();
    expect(left.map((i) => i.email)).not.toContain(owner.email.toLowerCase());
    expect(left.map((i) => i.email)).toContain('pending@example.com');
    expect((await householdsAs(t, member).accept(toMe)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes every household route with its schemas under the households tag', () => {
    const spec = t.app.swagger() as unknown as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const routes = Object.entries(spec.paths).filter(([p]) => p.startsWith('/api/households'));
    expect(routes.map(([p, methods]) => `${p} ${Object.keys(methods).sort().join(',')}`).sort()).toEqual([
      '/api/households get,post',
      '/api/households/invitations/accept post',
      '/api/households/invitations/decline post',
      '/api/households/invitations/preview get',
      '/api/households/{id} delete,get,put',
      '/api/households/{id}/balances get',
      '/api/households/{id}/history get',
      '/api/households/{id}/invitations post',
      '/api/households/{id}/leave post',
      '/api/households/{id}/members post',
      '/api/households/{id}/members/{member_id} delete',
      '/api/households/{id}/receipts get',
      '/api/households/{id}/settlements post',
      '/api/households/{id}/spending get',
    ]);
    for (const [, methods] of routes) for (const op of Object.values(methods)) expect(op.tags).toEqual(['households']);
    // The refusal a client acts on is documented with its code.
    const accept = spec.paths['/api/households/invitations/accept'].post as unknown as {
      responses: Record<string, { content: Record<string, { schema: { properties: Record<string, { enum?: string[] }> } }> }>;
    };
    expect(accept.responses['403'].content['application/json'].schema.properties.code.enum).toEqual([EMAIL_NOT_VERIFIED]);
  });
});
