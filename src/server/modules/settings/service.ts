import type { Db } from '../../db';
import type { Executor } from '../../db/schema';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, notFound } from '../../errors';
import { isCurrencyCode } from '../../../shared/currency';
import type { Settings, SettingsUpdate } from '../../../shared/settings';
import { findSettings, lockSettings, updateSettings } from './repository';
import { checkTimeZone } from '../../today';
import type { Clock } from '../../clock';

/** What other modules read or write through this one, inside their own transaction. */
export { findSettings, getDateOrder } from './repository';

/** Work of other modules a settings change runs in its transaction (moduleWiring hands it in). */
export interface SettingsHooks {
  /**
   * The home currency goes from `from` to `to`: every stored home amount is counted again (a 400
   * when a rate is missing rolls the change back). `rate`: one `from` in `to`, as the person typed it.
   */
  homeCurrencyChanging(trx: Executor, userId: string, from: string, to: string, rate: number | undefined, now: Date): Promise<void>;
}

const profileMissing = () => notFound('Profile not found');

export class SettingsService {
  constructor(
    private db: Db,
    private hooks: SettingsHooks,
    private clock: Clock,
  ) {}

  async get(userId: string): Promise<Settings> {
    const settings = await findSettings(this.db, userId);
    if (!settings) throw profileMissing();
    return settings;
  }

  async update(userId: string, { home_currency_rate: rate, ...patch }: SettingsUpdate): Promise<Settings> {
    if (patch.time_zone !== undefined) patch.time_zone = checkTimeZone(patch.time_zone);
    if (patch.home_currency !== undefined && !isCurrencyCode(patch.home_currency)) {
      throw badRequest(`home_currency is not a currency code Tally knows: ${patch.home_currency}`);
    }
    // An empty body changes nothing and answers the current settings.
    if (Object.values(patch).every((v) => v === undefined)) {
      if (rate !== undefined) throw badRequest('home_currency_rate goes with a new home_currency');
      return this.get(userId);
    }
    // A new home currency waits for the receipt writes running and holds back the next: each
    // converts to the home currency it reads, and the change counts again only what it sees.
    const mode = patch.home_currency === undefined ? 'shared' : 'alone';
    return writeAsUser(
      this.db,
      userId,
      async (trx) => {
        const before = await lockSettings(trx, userId);
        if (!before) throw profileMissing();
        if (patch.home_currency !== undefined && patch.home_currency !== before.home_currency) {
          await this.hooks.homeCurrencyChanging(trx, userId, before.home_currency, patch.home_currency, rate, this.clock());
        }
        const settings = await updateSettings(trx, userId, patch);
        if (!settings) throw profileMissing();
        return settings;
      },
      mode,
    );
  }
}
