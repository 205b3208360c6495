import { badgeContent, formatNotificationTime } from '../../../../src/client/features/notifications/format';

describe('formatNotificationTime', () => {
  it.each([
    ['2025-01-05T15:04:00Z', 'UTC', 'Jan 5, 2025 • 3:04 PM'],
    ['2025-01-05T00:00:00Z', 'UTC', 'Jan 5, 2025 • 12:00 AM'],
    ['2025-12-31T12:30:59.999Z', 'UTC', 'Dec 31, 2025 • 12:30 PM'],
    // The viewer's zone decides the day and the hour.
    ['2025-01-05T03:04:00Z', 'America/New_York', 'Jan 4, 2025 • 10:04 PM'],
    ['2025-07-05T15:04:00Z', 'Europe/Berlin', 'Jul 5, 2025 • 5:04 PM'],
  ])('%s in %s → %s', (iso, zone, text) => {
    expect(formatNotificationTime(iso, zone)).toBe(text);
  });

  it('uses plain spaces only', () => {
    expect(formatNotificationTime('2025-01-05T15:04:00Z', 'UTC')).not.toMatch(/[\u00a0\u202f]/);
  });

  it('shows a text that is not a time as it came', () => {
    expect(formatNotificationTime('yesterday')).toBe('yesterday');
  });
});

describe('badgeContent', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%d → %s', (count, text) => {
    expect(badgeContent(count)).toBe(text);
  });
});
