import { addDays, addMonths, daysInMonth, endOfMonth, isLeapYear, isTimeZone, parseCalendarDate, startOfWeek, todayIn } from '../../../../src/shared/calendar';
import { isWholeMonths, periodOf, periodsOf, sumIntoPeriods } from '../../../../src/server/modules/analytics/periods';
import { requestMonth } from '../../../../src/server/today';

describe('calendar dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-01', false],
    ['yesterday', false],
  ])('parseCalendarDate(%s) is valid: %s', (text, valid) => {
    expect(parseCalendarDate(text)).toBe(valid ? text : null);
  });

  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2024, 2026].map(isLeapYear)).toEqual([false, true, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
  });

  it('adds days and months across year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-01');
    expect(addMonths('2026-03-10', -15)).toBe('2024-12-01');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16'); // a Monday
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16'); // Sunday belongs to the week before
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28'); // a Friday, week spans the year end
    expect(startOfWeek('2024-03-03')).toBe('2024-02-26');
  });
});

describe('time zones', () => {
  it('validates IANA names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => todayIn('Mars/Olympus')).toThrow(RangeError);
  });

  it('takes UTC offsets as zones, within the offsets that exist', () => {
    const now = new Date('2026-12-31T20:00:00Z');
    expect(isTimeZone('+05:30')).toBe(true);
    expect(todayIn('+05:30', now)).toBe('2027-01-01'); // 01:30 there
    expect(todayIn('+03:59', now)).toBe('2026-12-31'); // 23:59 there
    expect(todayIn('+04:00', now)).toBe('2027-01-01');
    expect(todayIn('-11:00', new Date('2027-01-01T05:00:00Z'))).toBe('2026-12-31');
    expect(todayIn('+00:00', now)).toBe('2026-12-31');
    for (const bad of ['+14:01', '-12:30', '+05:60', '05:30', '+5:30', '+05:30 ', 'UTC+05:30']) expect(isTimeZone(bad)).toBe(false);
  });

  it('finds today in the zone on both sides of the date line', () => {
    const now = new Date('2026-12-31T20:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-12-31');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2027-01-01'); // UTC+14
    expect(todayIn('Pacific/Pago_Pago', new Date('2027-01-01T05:00:00Z'))).toBe('2026-12-31'); // UTC-11
  });

  it('follows daylight saving time', () => {
    // New York: EDT (UTC-4) until 2026-11-01 06:00 UTC, then EST (UTC-5).
    expect(todayIn('America/New_York', new Date('2026-11-01T03:30:00Z'))).toBe('2026-10-31');
    expect(todayIn('America/New_York', new Date('2026-11-01T04:30:00Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', new Date('2026-11-02T04:30:00Z'))).toBe('2026-11-01'); // EST now: still the 1st
    // Berlin springs forward 2026-03-29; 22:30 UTC on the 31st is already April there.
    expect(requestMonth('Europe/Berlin', new Date('2026-03-31T22:30:00Z'))).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(requestMonth('Europe/Berlin', new Date('2026-01-31T22:30:00Z'))).toEqual({ from: '2026-01-01', to: '2026-01-31' }); // CET is only UTC+1
  });
});

describe('periods', () => {
  it('gives 12 Monday weeks, oldest first, labelled by their first day', () => {
    const weeks = periodsOf('weekly', '2026-11-22');
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toEqual({ label: 'Nov 16', from: '2026-11-16', to: '2026-11-22' });
    expect(weeks[0]).toEqual({ label: 'Aug 31', from: '2026-08-31', to: '2026-09-06' });
    for (let i = 1; i < 12; i++) expect(weeks[i].from).toBe(addDays(weeks[i - 1].to, 1));
  });

  it('gives weeks across a year end', () => {
    const weeks = periodsOf('weekly', '2027-01-06');
    expect(weeks[11]).toEqual({ label: 'Jan 4', from: '2027-01-04', to: '2027-01-10' });
    expect(weeks[10]).toEqual({ label: 'Dec 28', from: '2026-12-28', to: '2027-01-03' });
  });

  it('gives 12 months across a year end, leap February included', () => {
    const months = periodsOf('monthly', '2024-03-15');
    expect(months.map((m) => m.label)).toEqual([
      'Apr 2023',
      'May 2023',
      'Jun 2023',
      'Jul 2023',
      'Aug 2023',
      'Sep 2023',
      'Oct 2023',
      'Nov 2023',
      'Dec 2023',
      'Jan 2024',
      'Feb 2024',
      'Mar 2024',
    ]);
    expect(months[10]).toEqual({ label: 'Feb 2024', from: '2024-02-01', to: '2024-02-29' });
    expect(months[11].to).toBe('2024-03-31');
  });

  it('gives 5 years', () => {
    expect(periodsOf('yearly', '2026-06-01')).toEqual([2022, 2023, 2024, 2025, 2026].map((y) => ({ label: String(y), from: `${y}-01-01`, to: `${y}-12-31` })));
  });

  it('finds the previous period', () => {
    expect(periodOf('weekly', '2026-01-01', -1)).toEqual({ label: 'Dec 22', from: '2025-12-22', to: '2025-12-28' });
    expect(periodOf('monthly', '2026-01-31', -1)).toEqual({ label: 'Dec 2025', from: '2025-12-01', to: '2025-12-31' });
    expect(periodOf('monthly', '2024-03-31', -1).to).toBe('2024-02-29');
    expect(periodOf('yearly', '2026-01-01', -1).label).toBe('2025');
  });

  it('tells whole-month spans from others', () => {
    expect(isWholeMonths({ from: '2024-02-01', to: '2024-02-29' })).toBe(true);
    expect(isWholeMonths({ from: '2026-01-01', to: '2026-12-31' })).toBe(true);
    expect(isWholeMonths({ from: '2026-11-16', to: '2026-11-22' })).toBe(false);
    expect(isWholeMonths({ from: '2023-02-01', to: '2023-02-28' })).toBe(true);
  });

  it('sums dated amounts into periods, zero where empty', () => {
    const months = periodsOf('monthly', '2026-03-10').slice(-3); // Jan, Feb, Mar 2026
    expect(
      sumIntoPeriods(months, [
        { day: '2026-01-01', cents: 100 },
        { day: '2026-01-31', cents: 50 },
        { day: '2026-03-31', cents: -20 },
        { day: '2025-12-31', cents: 999 },
      ]),
    ).toEqual([150, 0, -20]);
  });
});
