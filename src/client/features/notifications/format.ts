const dayFormat = (timeZone?: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
const timeFormat = (timeZone?: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });

/**
 * A notification's time as spec §9 shows it: 'Jan 5, 2025 • 3:04 PM', in the viewer's zone
 * (or `timeZone`). A text that is not a time is shown as it came.
 */
export function formatNotificationTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same everywhere.
  const time = timeFormat(timeZone).format(date).replace(/\s/g, ' ');
  return `${dayFormat(timeZone).format(date)} • ${time}`;
}

/** The bell's badge (spec §9): the count, '9+' above 9, nothing at 0. */
export function badgeContent(count: number): string | null {
  if (!(count > 0)) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}
