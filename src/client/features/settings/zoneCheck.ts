/**
 * When this device last compared its time zone with the account's: its UTC offset then and the
 * zone the account had after. Reading the named zone loads the browser's time-zone data (Intl),
 * a long task on a slow phone's first screen, so it is read again only when the offset moved
 * (travel, daylight saving) or the account's zone changed (another device).
 */
export const ZONE_CHECK_STORAGE_KEY = 'tally.zoneChecked';

interface ZoneCheck {
  offset: number;
  zone: string | null;
}

function lastCheck(): ZoneCheck | null {
  try {
    const value = JSON.parse(localStorage.getItem(ZONE_CHECK_STORAGE_KEY) ?? 'null') as Partial<ZoneCheck> | null;
    return value && typeof value.offset === 'number' ? { offset: value.offset, zone: typeof value.zone === 'string' ? value.zone : null } : null;
  } catch {
    return null; // storage blocked or a broken copy: check again
  }
}

export function zoneCheckDue(accountZone: string | null, now: Date = new Date()): boolean {
  const last = lastCheck();
  return !last || last.offset !== now.getTimezoneOffset() || last.zone !== accountZone;
}

export function zoneChecked(accountZone: string | null, now: Date = new Date()): void {
  try {
    localStorage.setItem(ZONE_CHECK_STORAGE_KEY, JSON.stringify({ offset: now.getTimezoneOffset(), zone: accountZone }));
  } catch {
    /* storage blocked or full: the next visit checks again */
  }
}
