import fs from 'node:fs/promises';
import path from 'node:path';
import 'dotenv/config';
import type { Db } from '../src/server/db';
import { openDatabase } from '../src/server/db';
import { loadConfig } from '../src/server/config';
import { contentTypeOf } from '../src/server/blobs/store';
import { AVATAR_URL_PREFIX } from '../src/server/modules/avatar/store';
import { runMain } from '../src/server/lifecycle';

export interface CopyReport {
  copied: number;
  /** Already in the database (a second run copies nothing again). */
  present: number;
  /** Files no receipt, draft or profile names: left where they are. */
  orphans: string[];
}

/** Every file below `dir`, as paths relative to it with '/' between folders. */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: string[] = [];
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesBelow(dir, rel)));
    else if (e.isFile() && contentTypeOf(rel)) out.push(rel);
  }
  return out;
}

/**
 * `npm run blobs:to-database`: copies the images of a files install (BLOB_STORE=fs: dataDir/blobs and dataDir/avatars) into the
 * database's blobs table, so the same data can run with BLOB_STORE=postgres, on one machine or
 * several. Each image goes to the person whose receipt, draft or profile names it; the files stay
 * (delete them once the database's copy is in use). Safe to run again.
 */
export async function copyBlobsToDatabase(db: Db, dataDir: string): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, orphans: [] };
  const copy = async (bucket: string, root: string, ownerOf: (key: string) => Promise<string | undefined>) => {
    for (const key of await filesBelow(root)) {
      const owner = await ownerOf(key);
      if (!owner) {
        report.orphans.push(path.join(root, key));
        continue;
      }
      const bytes = await fs.readFile(path.join(root, ...key.split('/')));
      const res = await db
        .insertInto('blobs')
        .values({ bucket, key, user_id: owner, content_type: contentTypeOf(key)!, bytes })
        .onConflict((oc) => oc.columns(['bucket', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (res) report.copied++;
      else report.present++;
    }
  };
  await copy('receipts', path.join(dataDir, 'blobs'), async (key) => {
    const receipt = await db.selectFrom('receipts').select('user_id').where('image_key', '=', key).executeTakeFirst();
    return (receipt ?? (await db.selectFrom('receipt_drafts').select('user_id').where('image_key', '=', key).executeTakeFirst()))?.user_id;
  });
  await copy('avatars', path.join(dataDir, 'avatars'), async (file) => {
    return (await db.selectFrom('profiles').select('user_id').where('avatar', '=', `${AVATAR_URL_PREFIX}${file}`).executeTakeFirst())?.user_id;
  });
  return report;
}

if (require.main === module) {
  runMain(async () => {
    const config = loadConfig();
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${config.dataDir}/pglite` });
    try {
      const { copied, present, orphans } = await copyBlobsToDatabase(handle.db, config.dataDir);
      console.log(`Copied ${copied} images into the database (${present} were there already).`);
      if (orphans.length) console.log(`Left ${orphans.length} files nothing names, e.g. ${orphans[0]}`);
      console.log('Start Tally with BLOB_STORE=postgres to use them; the files can go once it runs well.');
    } finally {
      await handle.close();
    }
  });
}
