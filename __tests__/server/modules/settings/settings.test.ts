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
    expect(res.json()).toEqual({ date_order: 'MDY', theme: 'system', home_currency: 'USD', time_zone: null });
    expect(await getDateOrder(t.db.db, user.uid)).toBe('MDY');
  });

  it('changes one setting at a time and keeps the other', async () => {
    const user = await t.signUp();
    const first = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { date_order: 'DMY' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ date_order: 'DMY', theme: 'system', home_currency: 'USD', time_zone: null });
    const second = await t.request(user, { method: 'PUT', url: '/api/settings', payload: { theme: 'dark' } });
    expect(second.json()).toEqual({ date_order: 'DMY', theme: 'dark', home_currency: 'USD', time_zone: null });
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json()).toEqual({
      date_order: 'DMY',
      theme: 'dark',
      home_currency: 'USD',
      time_zone: null,
    });
    // The scanner reads the same choice.
    expect(await getDateOrder(t.db.db, user.uid)).toBe('DMY');
  });

  it("keeps each user's settings apart", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.request(a, { method: 'PUT', url: '/api/settings', payload: { theme: 'light', date_order: 'DMY' } });
    expect((await t.request(b, { method: 'GET', url: '/api/settings' })).json()).toEqual({
      date_order: 'MDY',
      theme: 'system',
      home_currency: 'USD',
      time_zone: null,
    });
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
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json()).toEqual({
      date_order: 'MDY',
      theme: 'system',
      home_currency: 'USD',
      time_zone: null,
    });
  });

  it('keeps the time zone the web app sends, and refuses one that does not exist', async () => {
    const user = await t.signUp();
    const put = (time_zone: unknown) => t.request(user, { method: 'PUT', url: '/api/settings', payload: { time_zone } });
    expect((await put('Europe/Berlin')).json()).toEqual({ date_order: 'MDY', theme: 'system', home_currency: 'USD', time_zone: 'Europe/Berlin' });
    expect((await put(' +05:30 ')).json()).toMatchObject({ time_zone: '+05:30' });
    const bad = await put('Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown time zone: Mars/Olympus (use an IANA name such as Europe/Berlin or a UTC offset such as +05:30)');
    expect((await put('')).statusCode).toBe(400);
    expect((await t.request(user, { method: 'GET', url: '/api/settings' })).json()).toMatchObject({ time_zone: '+05:30' });
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
