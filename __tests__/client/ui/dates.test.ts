import { formatDate, isCalendarDate, todayIso, userTimeZone } from '../../../src/client/ui/dates';

describe('formatDate', () => {
  it('shows a calendar date as month, day and year', () => {
    expect(formatDate('2025-01-05')).toBe('Jan 5, 2025');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('reads the first ten characters of a date-time as the calendar day', () => {
    expect(formatDate('2025-03-01T23:30:00Z')).toBe('Mar 1, 2025');
  });

  it('shows anything that is not a date as it came', () => {
    expect(formatDate('yesterday')).toBe('yesterday');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
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

it('knows the viewer time zone', () => {
  expect(userTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
});
