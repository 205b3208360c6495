import { formatDate, formatDateTime, formatMonthDay, isCalendarDate, todayIso, userTimeZone } from '../../../src/client/ui/dates';
import { utcOffsetMinutes } from '../../../src/shared/calendar';

describe('formatDate', () => {
  it('shows a calendar date as month, day and year', () => {
    expect(formatDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it("writes every day exactly as Intl's en-US short date does", () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let day = Date.UTC(1999, 0, 1); day <= Date.UTC(2031, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatDate(iso)).toBe(intl.format(new Date(day)));
    }
  });

  it('reads the first ten characters of a date-time as the calendar day', () => {
    expect(formatDate('2025-03-01T23:30:00Z')).toBe('Mar 1, 2025');
  });

  it('shows anything that is not a date as it came', () => {
    expect(formatDate('yesterday')).toBe('yesterday');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
  });
});

describe('formatMonthDay', () => {
  it('shows a calendar date as month and day', () => {
    expect(formatMonthDay('2026-11-30')).toBe('Nov 30');
    expect(formatMonthDay('2027-01-05')).toBe('Jan 5');
    expect(formatMonthDay('2026-11-28T10:00:00Z')).toBe('Nov 28');
  });

  it('shows anything that is not a date as it came', () => {
    expect(formatMonthDay('2026-02-30')).toBe('2026-02-30');
  });
});

describe('isCalendarDate', () => {
  it('accepts real days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-5')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('todayIso', () => {
  it("is the viewer's calendar day", () => {
    expect(todayIso(new Date(2026, 0, 7, 23, 59))).toBe('2026-01-07');
    expect(todayIso(new Date(2026, 10, 22, 0, 0))).toBe('2026-11-22');
  });
});

describe('userTimeZone', () => {
  it("is the viewer's UTC offset now, as an offset zone", () => {
    const at = (offsetMinutes: number) => ({ getTimezoneOffset: () => offsetMinutes }) as Date;
    expect(userTimeZone(at(0))).toBe('+00:00');
    expect(userTimeZone(at(-330))).toBe('+05:30'); // India
    expect(userTimeZone(at(-345))).toBe('+05:45'); // Nepal
    expect(userTimeZone(at(480))).toBe('-08:00'); // Pacific standard time
    expect(userTimeZone(at(570))).toBe('-09:30'); // Marquesas
    expect(userTimeZone(at(-840))).toBe('+14:00'); // Kiritimati
  });

  it('gives the same calendar day as the named zone would', () => {
    const now = new Date();
    const offset = utcOffsetMinutes(userTimeZone(now));
    expect(offset).not.toBeNull();
    expect(new Date(now.getTime() + offset! * 60_000).toISOString().slice(0, 10)).toBe(todayIso(now));
  });
});

describe('formatDateTime', () => {
  it('shows a moment in the viewer’s zone as month, day, year and a 12-hour time', () => {
    expect(formatDateTime(new Date(2026, 11, 3, 14, 5).getTime())).toBe('Dec 3, 2026, 2:05 PM');
    expect(formatDateTime(new Date(2026, 0, 9, 0, 30).getTime())).toBe('Jan 9, 2026, 12:30 AM');
    expect(formatDateTime(new Date(2026, 6, 1, 12, 0).getTime())).toBe('Jul 1, 2026, 12:00 PM');
  });
});
