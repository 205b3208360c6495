import type { ImportPreviewRow } from '../../../../src/shared/imports';
import { actionChoices, actionTotals, changesToSend, chosenAction, withChoice } from '../../../../src/client/features/imports/rowDecisions';

const receipt = { id: 'r-9', store: 'Corner Deli', date: '2026-03-12', amount: 12.5, currency: 'USD' };
const row = (line: number, status: ImportPreviewRow['status'], amount = 12.5): ImportPreviewRow => ({
  line,
  date: '2026-03-14',
  description: `Row ${line}`,
  amount,
  currency: 'USD',
  status,
  receipt: status === 'matches' ? receipt : null,
});
const rows = [row(2, 'new'), row(3, 'already_imported'), row(4, 'matches'), row(5, 'new')];

describe('row decisions', () => {
  it('offers link/add/skip for a match, add/skip for a new row, only skip for a row imported before', () => {
    expect(actionChoices(rows[2])).toEqual(['link', 'add', 'skip']);
    expect(actionChoices(rows[0])).toEqual(['add', 'skip']);
    expect(actionChoices(rows[1])).toEqual(['skip']);
  });

  it('skips new money in by default, and offers to add it (as a refund); a match of money in is still linked', () => {
    const payment = row(6, 'new', -500);
    expect(actionChoices(payment)).toEqual(['skip', 'add']);
    expect(chosenAction(payment, {})).toBe('skip');
    expect(changesToSend([payment], withChoice({}, payment, 'add'))).toEqual([{ line: 6, action: 'add' }]);
    expect(actionTotals([...rows, payment], {})).toEqual({ add: 2, link: 1, skip: 2 });
    expect(chosenAction(row(7, 'matches', -30), {})).toBe('link');
  });

  it('sends nothing when nobody changed anything: the defaults are the server’s', () => {
    expect(changesToSend(rows, {})).toEqual([]);
    expect(actionTotals(rows, {})).toEqual({ add: 2, link: 1, skip: 1 });
  });

  it('sends only the rows whose choice differs from their status, in file order', () => {
    let choices = withChoice({}, rows[3], 'skip');
    choices = withChoice(choices, rows[2], 'add');
    expect(changesToSend(rows, choices)).toEqual([
      { line: 4, action: 'add' },
      { line: 5, action: 'skip' },
    ]);
    expect(actionTotals(rows, choices)).toEqual({ add: 2, link: 0, skip: 2 });
  });

  it('forgets a change when the row is set back to its default', () => {
    const changed = withChoice({}, rows[2], 'skip');
    expect(chosenAction(rows[2], changed)).toBe('skip');
    const back = withChoice(changed, rows[2], 'link');
    expect(back).toEqual({});
    expect(chosenAction(rows[2], back)).toBe('link');
  });

  it('names the receipt when a row is linked', () => {
    // A match whose status is not 'matches' cannot happen today; the receipt still goes with a link.
    const odd = { ...row(6, 'new'), receipt };
    expect(changesToSend([odd], { 6: 'link' })).toEqual([{ line: 6, action: 'link', receipt_id: 'r-9' }]);
  });
});
