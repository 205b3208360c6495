/**
 * When "up 12%" means something. A percentage is only as good as its base: on a negative base
 * (the previous days held a refund) or a few cents it says more about the base than about the
 * spending ('up 446.1%' on -$15.84). So a percentage is given only when
 * - the base is at least MIN_BASE_CENTS ($1): positive, and more than loose change;
 * - this period is at most MAX_CHANGE_RATIO times the base (the base is at least a tenth of it):
 *   beyond +900% the two amounts say more than a percentage does;
 * - this period is not negative: refunds outweighing spending are no "down 140%".
 * Otherwise the answer is null and the screen shows the amounts alone.
 */
export const MIN_BASE_CENTS = 100;
export const MAX_CHANGE_RATIO = 10;

/** Percent change from `baseCents` to `currentCents`, one decimal; null when the base does not allow one (above). */
export function changePct(currentCents: number, baseCents: number): number | null {
  if (baseCents < MIN_BASE_CENTS || currentCents < 0 || currentCents > MAX_CHANGE_RATIO * baseCents) return null;
  return Math.round(((currentCents - baseCents) / baseCents) * 1000) / 10;
}
