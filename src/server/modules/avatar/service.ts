import type { Db } from '../../db';
import { notFound } from '../../errors';
import { writeAsUser } from '../../db/accountGate';
import { toAvatarImage } from './image';
import { swapAvatar } from './repository';
import type { AvatarStore } from './store';

export class AvatarService {
  constructor(
    private db: Db,
    private store: AvatarStore,
  ) {}

  /** Re-encodes and stores the picture, points the profile at it and removes the old one. */
  async replace(userId: string, upload: Buffer): Promise<string> {
    const image = await toAvatarImage(upload);
    const avatar = await this.store.save(userId, image);
    let swapped: Awaited<ReturnType<typeof swapAvatar>>;
    try {
      swapped = await writeAsUser(this.db, userId, (trx) => swapAvatar(trx, userId, avatar));
    } catch (err) {
      await this.store.remove(avatar);
      throw err;
    }
    if (!swapped) {
      await this.store.remove(avatar);
      throw notFound('Profile not found');
    }
    await this.store.remove(swapped.previous);
    return avatar;
  }
}
