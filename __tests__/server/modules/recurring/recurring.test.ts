import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, todayUtc, UNKNOWN_ID } from '../receipts/fixtures';
import { addDays, addMonths, calendarParts, daysInMonth } from '../../../../src/shared/calendar';
import type { RecurringSeries } from '../../../../src/shared/recurring';
import { remindDueBills } from '../../../../src/server/modules/notifications/triggers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const recurring = async (user: TestUser): Promise<RecurringSeries[]> => {
  const res = await t.request(user, { method: 'GET', url: '/recurring' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const put = (user: TestUser, id: string, payload: unknown) => t.request(user, { method: 'PUT', url: `/recurring/${id}`, payload: payload as object });

/** The same day `months` earlier, or that month's last day where it is shorter. */
function monthsBefore(date: string, months: number): string {
  const first = addMonths(date, -months);
  const [y, m] = calendarParts(first);
  return `${first.slice(0, 8)}${String(Math.min(calendarParts(date)[2], daysInMonth(y, m))).padStart(2, '0')}`;
}

/** A monthly bill whose next date is `next`: three receipts, one, two and three months before it. */
async function monthlyBill(user: TestUser, store: string, amount: number, next: string) {
  for (const k of [3, 2, 1]) await addReceipt(t, user, { store, amount, date: monthsBefore(next, k), category: 'Entertainment' });
}

const today = () => todayUtc();

describe('GET /recurring', () => {
  it('finds a monthly bill in the receipts and names the receipts it is based on', async () => {
    const user = await t.signUp();
    await monthlyBill(user, 'Netflix', 15.49, addDays(today(), 20));
    // A shop visited at odd times and amounts is no bill.
    for (const [days, amount] of [
      [3, 4.5],
      [17, 12],
      [40, 7.25],
      [41, 30],
      [75, 2],
    ] as const)
      await addReceipt(t, user, { store: 'Corner Café', amount, date: addDays(today(), -days) });
    const list = await recurring(user);
    expect(list).toHaveLength(1);
    const [netflix] = list;
    expect(netflix).toMatchObject({ store: 'Netflix', status: 'found', interval: 'monthly', amount: 15.49, found_amount: 15.49, edited: false });
    expect(netflix.receipts).toHaveLength(3);
    expect(netflix.receipts.map((r) => r.date)).toEqual([...netflix.receipts.map((r) => r.date)].sort());
    expect(netflix.last_date).toBe(netflix.receipts[2].date);
    expect(netflix.next_date > netflix.last_date).toBe(true);
    // Each receipt is the person's own, and opens.
    const receipt = await t.request(user, { method: 'GET', url: `/receipts/${netflix.receipts[0]._id}` });
    expect(receipt.json()).toMatchObject({ store: 'Netflix', amount: 15.49 });
  });

  it('names a bill as its receipts do, whatever characters the store has', async () => {
    const user = await t.signUp();
    // Detection reads a store's receipts as one JSON text: quotes, backslashes, accents and emoji come back as saved.
    const store = 'Ciné "Club" \\ Ünïon, 🎬';
    await monthlyBill(user, store, 9.99, addDays(today(), 10));
    const [bill, ...more] = await recurring(user);
    expect(more).toEqual([]);
    expect(bill).toMatchObject({ store, interval: 'monthly', amount: 9.99 });
    expect(bill.receipts).toHaveLength(3);
  });

  it('never lists or changes another person’s bills', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    await monthlyBill(owner, 'Spotify', 10.99, addDays(today(), 12));
    const [series] = await recurring(owner);
    expect(await recurring(other)).toEqual([]);
    for (const res of [
      await put(other, series._id, { status: 'dismissed' }),
      await put(owner, UNKNOWN_ID, { status: 'confirmed' }),
      await put(owner, 'not-an-id', { status: 'confirmed' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Recurring bill not found');
    }
    expect((await recurring(owner))[0].status).toBe('found');
  });
});

describe('PUT /recurring/{id}', () => {
  it('confirms, edits and dismisses; bad input changes nothing', async () => {
    const user = await t.signUp();
    await monthlyBill(user, 'Gym Plus', 40, addDays(today(), 15));
    const [series] = await recurring(user);

    for (const payload of [
      {},
      { amount: 0 },
      { amount: -5 },
      { amount: 1.234 },
      { status: 'maybe' },
      { interval: 'daily' },
      { amount: 20, color: 'red' },
      { amount: '20' },
    ]) {
      const res = await put(user, series._id, payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await recurring(user))[0]).toEqual(series);

    const confirmed = await put(user, series._id, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', amount: 40, edited: false });

    const edited = (await put(user, series._id, { amount: 42.5, interval: 'yearly' })).json();
    expect(edited).toMatchObject({ status: 'confirmed', amount: 42.5, interval: 'yearly', found_amount: 40, found_interval: 'monthly', edited: true });
    expect(edited.next_date).toBe(addMonths(series.last_date, 12).slice(0, 8) + series.last_date.slice(8));

    // Back to what was found is no edit.
    const undone = (await put(user, series._id, { amount: 40, interval: 'monthly' })).json();
    expect(undone).toMatchObject({ amount: 40, interval: 'monthly', edited: false });

    expect((await put(user, series._id, { status: 'dismissed' })).json().status).toBe('dismissed');
    expect((await recurring(user))[0].status).toBe('dismissed');
  });

  it('keeps a dismissed bill dismissed as its receipts go on, and drops an unreviewed one whose receipts are gone', async () => {
    const user = await t.signUp();
    const next = addDays(today(), 5);
    await monthlyBill(user, 'Cloud Storage', 2.99, next);
    await monthlyBill(user, 'Newspaper', 9, addDays(today(), 9));
    const list = await recurring(user);
    const cloud = list.find((s) => s.store === 'Cloud Storage')!;
    await put(user, cloud._id, { status: 'dismissed' });
    await addReceipt(t, user, { store: 'Cloud Storage', amount: 2.99, date: next });
    const after = (await recurring(user)).find((s) => s.store === 'Cloud Storage')!;
    expect(after).toMatchObject({ _id: cloud._id, status: 'dismissed' });
    expect(after.receipts).toHaveLength(4);

    const paper = list.find((s) => s.store === 'Newspaper')!;
    const del = await t.request(user, { method: 'DELETE', url: `/receipts/${paper.receipts[1]._id}` });
    expect(del.statusCode).toBe(204);
    expect((await recurring(user)).map((s) => s.store)).toEqual(['Cloud Storage']);
  });

  it('follows a receipt renamed into the store, and out of it', async () => {
    const user = await t.signUp();
    const next = addDays(today(), 8);
    await addReceipt(t, user, { store: 'Water Co', amount: 31, date: monthsBefore(next, 3) });
    await addReceipt(t, user, { store: 'Water Co', amount: 31, date: monthsBefore(next, 2) });
    const typo = await addReceipt(t, user, { store: 'Watr Co', amount: 31, date: monthsBefore(next, 1) });
    expect(await recurring(user)).toEqual([]);
    const fix = await t.request(user, { method: 'PUT', url: `/receipts/${typo.id}`, payload: { store: 'WATER CO.', date: monthsBefore(next, 1), amount: 31 } });
    expect(fix.statusCode).toBe(200);
    expect((await recurring(user)).map((s) => [s.store, s.receipts.length])).toEqual([['WATER CO.', 3]]);
  });
});

describe('bill reminders', () => {
  const reminders = async (user: TestUser) =>
    ((await t.request(user, { method: 'GET', url: '/notifications' })).json() as Array<{ title: string; message: string; link: string }>).filter(
      (n) => n.title === 'Bill due soon',
    );

  it('tells of a confirmed bill due within three days once, when confirmed and by the sweep', async () => {
    const user = await t.signUp();
    await monthlyBill(user, 'Internet Home', 55, addDays(today(), 2));
    await monthlyBill(user, 'Phone Plan', 20, addDays(today(), 20));
    const list = await recurring(user);
    const internet = list.find((s) => s.store === 'Internet Home')!;
    const phone = list.find((s) => s.store === 'Phone Plan')!;
    expect(await reminders(user)).toEqual([]); // found, not confirmed: nothing is told

    await put(user, internet._id, { status: 'confirmed' });
    await put(user, phone._id, { status: 'confirmed' });
    const told = await reminders(user);
    expect(told).toHaveLength(1);
    expect(told[0].message).toMatch(/^Internet Home: about \$55\.00 is due around [A-Z][a-z]{2} \d{1,2}\.$/);
    expect(told[0].link).toBe('/recurring');

    await remindDueBills(t.db.db, t.app.clock());
    await put(user, internet._id, { amount: 56 });
    expect(await reminders(user)).toHaveLength(1); // once per bill date

    // Seventeen days on, the phone bill is due in three days.
    await remindDueBills(t.db.db, new Date(`${addDays(phone.next_date, -3)}T09:00:00Z`));
    expect((await reminders(user)).map((n) => n.message.split(':')[0])).toEqual(['Phone Plan', 'Internet Home']);
  });
});
