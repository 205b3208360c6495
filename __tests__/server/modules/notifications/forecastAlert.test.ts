import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt } from '../receipts/fixtures';
import type { Dashboard } from '../../../../src/shared/dashboard';

/**
 * The 'Budget forecast' notification tells the dashboard's figure on the person's own day, and
 * keeps to it: brought up to date while it holds, taken back once it does not. Each case runs an
 * app on a day of its own (FIXED_TIME).
 */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function appOn(at: string): Promise<TestApp> {
  const t = await startTestApp({ FIXED_TIME: at });
  apps.push(t);
  return t;
}

async function personIn(t: TestApp, zone: string | null, budget: number): Promise<TestUser> {
  const user = await t.signUp();
  if (zone) expect((await t.request(user, { method: 'PUT', url: '/api/settings', payload: { time_zone: zone } })).statusCode).toBe(200);
  expect((await t.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount: budget } })).statusCode).toBe(200);
  return user;
}

async function forecasts(t: TestApp, user: TestUser): Promise<string[]> {
  const res = await t.request(user, { method: 'GET', url: '/notifications?include_read=true' });
  return (res.json() as Array<{ title: string; message: string }>).filter((n) => n.title === 'Budget forecast').map((n) => n.message);
}

async function dashboardForecast(t: TestApp, user: TestUser, zone: string): Promise<number | null> {
  const res = await t.request(user, { method: 'GET', url: `/dashboard?tz=${encodeURIComponent(zone)}` });
  return (res.json() as Dashboard).forecast.amount;
}

const told = (amount: string, over: string, month = 'March 2027', end = 'Mar 31') =>
  `At this pace you will spend about $${amount} by ${end}, $${over} over your $100.00 budget for ${month}.`;

it('tells the figure the dashboard shows, updates it while it holds and takes it back once it does not', async () => {
  // 07:00 on March 10 in New York: day 10 of 31, and no earlier months.
  const t = await appOn('2027-03-10T12:00:00Z');
  const user = await personIn(t, 'America/New_York', 100);

  await addReceipt(t, user, { store: 'Grocer', amount: 40, date: '2027-03-10' });
  expect(await dashboardForecast(t, user, 'America/New_York')).toBe(124); // 40 / 10 × 31
  expect(await forecasts(t, user)).toEqual([told('124.00', '24.00')]);

  // Still over, at another figure: the same notification now says it.
  await addReceipt(t, user, { store: 'Grocer', amount: 5, date: '2027-03-10' });
  expect(await dashboardForecast(t, user, 'America/New_York')).toBe(139.5);
  expect(await forecasts(t, user)).toEqual([told('139.50', '39.50')]);

  // A refund brings the month back within the budget: the forecast alert is taken back.
  const refund = await addReceipt(t, user, { store: 'Grocer', amount: -20, date: '2027-03-10' });
  expect(await dashboardForecast(t, user, 'America/New_York')).toBe(77.5);
  expect(await forecasts(t, user)).toEqual([]);

  // Over again: told again, once.
  expect((await t.request(user, { method: 'DELETE', url: `/receipts/${refund.id}` })).statusCode).toBe(204);
  await addReceipt(t, user, { store: 'Grocer', amount: 1, date: '2027-03-10' });
  expect(await forecasts(t, user)).toEqual([told('142.60', '42.60')]);

  // No budget any more: nothing left to be over.
  expect((await t.request(user, { method: 'PUT', url: '/api/profile/', payload: { display_name: user.displayName, monthly_budget: null } })).statusCode).toBe(
    200,
  );
  expect(await forecasts(t, user)).toEqual([]);
});

it('counts the month in the person’s own zone', async () => {
  // 20:00 on March 31 UTC is 09:00 on April 1 in Auckland.
  const t = await appOn('2027-03-31T20:00:00Z');
  const march = async (user: TestUser) => {
    for (const day of ['05', '15', '25']) await addReceipt(t, user, { store: 'Grocer', amount: 100, date: `2027-03-${day}` });
  };
  const auckland = await personIn(t, 'Pacific/Auckland', 100);
  const utc = await personIn(t, null, 100);
  for (const user of [auckland, utc]) {
    await march(user);
    await addReceipt(t, user, { store: 'Bakery', amount: 10, date: '2027-04-01' });
  }
  // April in Auckland, steadied by March: told with the dashboard's figure.
  const aprilForecast = await dashboardForecast(t, auckland, 'Pacific/Auckland');
  expect(aprilForecast).toBeGreaterThan(100);
  expect(await forecasts(t, auckland)).toEqual([told(aprilForecast!.toFixed(2), (aprilForecast! - 100).toFixed(2), 'April 2027', 'Apr 30')]);
  // Zone not known: April has not begun in UTC, so nothing is told of it yet.
  expect(await forecasts(t, utc)).toEqual([]);
});
