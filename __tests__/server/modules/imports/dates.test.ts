import { addDays, addMonths } from '../../../../src/shared/calendar';
import { startTestApp, type TestApp } from '../../helpers';
import { addReceipt, todayUtc } from '../receipts/fixtures';
import { csv, importApi } from './importApi';

/** A statement's row may carry the dates any receipt may (receiptDateRefusal): the same question, the same words. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const { preview, commit, receiptsOf } = importApi(() => t);
const latest = () => addDays(todayUtc(), 366);
const outside = (date: string) => `The date ${date} must be between 1970-01-01 and ${latest()}`;

describe('dates of statement rows', () => {
  it('lists rows dated outside the receipt range as problems in the words the receipts API uses, and imports the rest', async () => {
    const user = await t.signUp();
    const dates = ['1899-12-31', '1900-01-01', '1969-12-31', '1970-01-01', todayUtc(), latest(), addDays(latest(), 1), '4000-06-15', '9999-12-31'];
    const p = await preview(user, { bytes: csv('Date,Description,Amount', ...dates.map((d, i) => `${d},SHOP ${i},-1.00`)) });
    expect(p.problems).toEqual(
      ['1899-12-31', '1900-01-01', '1969-12-31', addDays(latest(), 1), '4000-06-15', '9999-12-31'].map((d) => ({
        line: dates.indexOf(d) + 2,
        message: outside(d),
      })),
    );
    expect(p.rows.map((r) => r.date)).toEqual(['1970-01-01', todayUtc(), latest()]);
    expect(await commit(user, p.id)).toMatchObject({ added: 3, problems: p.problems });
    expect((await receiptsOf(user)).map((r) => r.date)).toEqual(['1970-01-01', todayUtc(), latest()]);
    // The receipt the receipts API would refuse is refused there in the same words.
    const direct = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'x', date: '9999-12-31', amount: 1 } });
    expect({ status: direct.statusCode, message: direct.json().message }).toEqual({ status: 400, message: `date must be between 1970-01-01 and ${latest()}` });
  });

  it('matches within three days at the ends of the range, and a monthly series up to the latest date is found', async () => {
    const user = await t.signUp();
    const saved = await addReceipt(t, user, { store: 'First Shop', date: '1970-01-02', amount: 9.99 });
    const monthly = [3, 2, 1, 0].map((k) => addMonths(latest(), -k));
    const p = await preview(user, { bytes: csv('Date,Description,Amount', '1970-01-01,FIRST SHOP,-9.99', ...monthly.map((d) => `${d},STREAMLY.COM,-15.49`)) });
    expect(p.rows[0]).toMatchObject({ status: 'matches', receipt: { id: saved.id } });
    expect(await commit(user, p.id)).toMatchObject({ added: 4, linked: 1, problems: [] });
    const bills = await t.request(user, { method: 'GET', url: '/recurring' });
    expect(bills.statusCode).toBe(200);
    expect(bills.json()).toEqual([expect.objectContaining({ store: 'STREAMLY.COM', interval: 'monthly', amount: 15.49 })]);
  });
});
