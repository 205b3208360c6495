import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { Settings, SettingsUpdate } from '../../../shared/settings';
import { findSettings, updateSettings } from './repository';

/** What other modules read or write through this one, inside their own transaction. */
export { findSettings, getDateOrder } from './repository';

const profileMissing = () => notFound('Profile not found');

export class SettingsService {
  constructor(private db: Db) {}

  async get(userId: string): Promise<Settings> {
    const settings = await findSettings(this.db, userId);
    if (!settings) throw profileMissing();
    return settings;
  }

  async update(userId: string, patch: SettingsUpdate): Promise<Settings> {
    // An empty body changes nothing and answers the current settings.
    if (patch.date_order === undefined && patch.theme === undefined) return this.get(userId);
    const settings = await updateSettings(this.db, userId, patch);
    if (!settings) throw profileMissing();
    return settings;
  }
}
