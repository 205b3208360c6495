import { startTestApp, type TestApp } from '../../helpers';
import { getDateOrder } from '../../../../src/server/modules/settings/repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('/api/settings', () => {
  it('starts with month-first dates and the system theme', async () => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ date_order: 'MDY', theme: 'system', home_currency: 'USD' });
    expect(await getDateOrder(t.db.db, user.uid)).toBe('MDY');
  });

  it('changes one setting at a time and keeps the other', async () => {
    const user = await t.signUp();
    const first = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { date_order: 'DMY' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ date_order: 'DMY', theme: 'system', home_currency: 'USD' });
    const second = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { theme: 'dark' } });
    expect(second.json()).toEqual({ date_order: 'DMY', theme: 'dark', home_currency: 'USD' });
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json()).toEqual({ date_order: 'DMY', theme: 'dark', home_currency: 'USD' });
    // The scanner reads the same choice.
    expect(await getDateOrder(t.db.db, user.uid)).toBe('DMY');
  });

  it("keeps each user's settings apart", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.request(a, { method: 'PUT', url: '/api/settings', payload: { theme: 'light', date_order: 'DMY' } });
    expect((await t.request(b, { method: 'GET', url: '/api/settings' })).json()).toEqual({ date_order: 'MDY', theme: 'system', home_currency: 'USD' });
  });

  it.each([
    [{ theme: 'blue' }, 'theme must be one of light, dark, system'],
    [{ date_order: 'YMD' }, 'date_order must be one of MDY, DMY'],
    [{ date_order: 1 }, 'date_order must be one of MDY, DMY'],
    [{ theme: 'dark', language: 'fr' }, 'Unknown field: language'],
  ])('refuses %j with a clear 400 and changes nothing', async (payload, message) => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'PUT', url: '/api/settings', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json()).toEqual({ date_order: 'MDY', theme: 'system', home_currency: 'USD' });
  });

  it('answers 404 before the profile exists, and the scanner falls back to month first', async () => {
    const user = await t.signUp({ register: false });
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).statusCode).toBe(404);
    expect((await t.request(user, { method: 'PUT', url: '/api/settings', payload: { theme: 'dark' } })).statusCode).toBe(404);
    expect(await getDateOrder(t.db.db, user.uid)).toBe('MDY');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});
