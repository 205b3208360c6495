import { startTestApp, type TestApp } from '../../helpers';
import { emulatorSignIn, emulatorSignUp, uniqueEmail } from '../../../../scripts/testEmulator';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('POST /api/auth/register', () => {
  it('creates the profile with the default categories, once', async () => {
    const email = uniqueEmail();
    const { uid, token } = await emulatorSignUp(email, 'secret-pass-1');
    const user = { uid, email, token, password: '', displayName: 'Ann' };
    const first = await t.request(user, { method: 'POST', url: '/api/auth/register', payload: { user_id: uid, email, display_name: 'Ann' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ user_id: uid, email, display_name: 'Ann', monthly_budget: null });
    const again = await t.request(user, { method: 'POST', url: '/api/auth/register', payload: { user_id: uid, email, display_name: 'Ann' } });
    expect(again.statusCode).toBe(200);
    const cats = await t.db.db.selectFrom('categories').select('name').where('user_id', '=', uid).orderBy('name').execute();
    expect(cats.map((c) => c.name)).toEqual(['Clothing', 'Entertainment', 'Food', 'Other', 'Transportation', 'Utilities']);
  });

  it('refuses a user_id that is not the signed-in user', async () => {
    const user = await t.signUp({ register: false });
    const res = await t.request(user, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { user_id: 'someone-else', email: user.email, display_name: 'X' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('user_id does not match the signed-in user');
    expect(await t.db.db.selectFrom('profiles').selectAll().where('user_id', '=', 'someone-else').execute()).toHaveLength(0);
  });

  it.each([
    [{}, 'user_id is required'],
    [{ user_id: 'x', email: 'a@b.co' }, 'display_name is required'],
    [{ user_id: 'x', email: 'a@b.co', display_name: '' }, 'display_name must not be empty'],
    [{ user_id: 'x', email: 'a@b.co', display_name: 5 }, 'display_name must be a string'],
    [{ user_id: 'x', email: 'a@b.co', display_name: 'A', admin: true }, 'Unknown field: admin'],
  ])('answers 400 with a clear message for %j', async (payload, message) => {
    const user = await t.signUp({ register: false });
    const res = await t.request(user, { method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('answers 400 for a malformed JSON body', async () => {
    const user = await t.signUp({ register: false });
    const res = await t.request(user, { method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"user_id": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });
});

describe('authentication', () => {
  it.each([
    ['no header', undefined, 'Sign in required: missing bearer token.'],
    ['not bearer', 'Basic abc', 'Sign in required: missing bearer token.'],
    ['garbage token', 'Bearer not-a-token', 'Invalid authentication token.'],
    ['three garbage parts', 'Bearer a.b.c', 'Invalid authentication token.'],
  ])('answers 401 for %s', async (_name, authorization, message) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message });
  });

  it('answers 401 for a token of another project', async () => {
    const user = await t.signUp();
    const [h, p] = user.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.aud = 'another-project';
    payload.iss = 'https://securetoken.google.com/another-project';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const user = await t.signUp();
    const [h, p] = user.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.exp = Math.floor(Date.now() / 1000) - 60;
    payload.iat = payload.exp - 3600;
    payload.auth_time = payload.iat;
    const expired = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('keeps /healthz public', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });
});

describe('profile', () => {
  it('reads and updates the own profile at /api/profile/', async () => {
    const user = await t.signUp({ displayName: 'Bo' });
    const res = await t.request(user, {
      method: 'PUT',
      url: '/api/profile/',
      payload: { display_name: ' Bo B ', first_name: 'Bo', last_name: 'Brown', monthly_budget: 1234.56 },
    });
    expect(res.statusCode).toBe(200);
    const got = await t.request(user, { method: 'GET', url: '/api/profile/' });
    expect(got.json()).toMatchObject({ display_name: 'Bo B', first_name: 'Bo', last_name: 'Brown', monthly_budget: 1234.56, email: user.email });
  });

  it('renames the identity account too, so a new sign-in carries the new name', async () => {
    const user = await t.signUp({ displayName: 'Old Name' });
    const res = await t.request(user, { method: 'PUT', url: '/api/profile/', payload: { display_name: ' New Name ' } });
    expect(res.statusCode).toBe(200);
    const token = await emulatorSignIn(user.email, user.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { name?: string };
    expect(claims.name).toBe('New Name');
  });

  it.each([
    [{ display_name: 'A', monthly_budget: -1 }, 'monthly_budget must be at least 0'],
    [{ display_name: 'A', monthly_budget: 1.234 }, 'monthly_budget must have at most two decimals'],
    [{ display_name: 'A', monthly_budget: '12' }, 'monthly_budget must be a number'],
    [{ display_name: '   ' }, 'display_name is not in the expected format'],
    [{ display_name: 'A', email: 'new@example.com' }, 'Unknown field: email'],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const user = await t.signUp({ displayName: 'Keep' });
    const res = await t.request(user, { method: 'PUT', url: '/api/profile/', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const got = await t.request(user, { method: 'GET', url: '/api/profile/' });
    expect(got.json()).toMatchObject({ display_name: 'Keep', monthly_budget: null, email: user.email });
  });

  it('GET /profile/ answers 404 before the profile exists, and POST /profile/ creates it', async () => {
    const user = await t.signUp({ register: false });
    expect((await t.request(user, { method: 'GET', url: '/profile/' })).statusCode).toBe(404);
    const created = await t.request(user, {
      method: 'POST',
      url: '/profile/',
      payload: { user_id: user.uid, display_name: 'Cy', email: user.email, avatar_url: null },
    });
    expect(created.statusCode).toBe(201);
    const got = await t.request(user, { method: 'GET', url: '/profile/' });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ user_id: user.uid, display_name: 'Cy' });
  });

  it("never shows one user another user's profile", async () => {
    const a = await t.signUp({ displayName: 'Alice' });
    const b = await t.signUp({ displayName: 'Bob' });
    const res = await t.request(b, { method: 'GET', url: '/api/profile/' });
    expect(res.json().user_id).toBe(b.uid);
    expect(res.body).not.toContain(a.email);
  });
});
