import path from 'node:path';
import { buildApp } from '../../../src/server/app';
import { copyBlobsToDatabase } from '../../../scripts/copy-blobs-to-database';
import { startTestApp, type TestApp } from '../helpers';
import { addReceipt, dataUrl, PNG_BYTES } from '../modules/receipts/fixtures';
import { photo, uploadAvatar } from '../modules/avatar/upload';

/** A files install moving its images into the database (npm run blobs:to-database), then running on them. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ BLOB_STORE: 'fs' });
});
afterAll(() => t?.close());

const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

it('copies every receipt photo and avatar to its owner, once, and the app then serves them from the database', async () => {
  const user = await t.signUp();
  const receipt = await addReceipt(t, user, { imageData: dataUrl(PNG_BYTES, 'image/png') });
  const avatar = (await uploadAvatar(t, user, await photo('png'))).json().avatar as string;

  const servedFromFiles = (await t.app.inject({ method: 'GET', url: local(receipt.imageUrl!) })).rawPayload;
  const first = await copyBlobsToDatabase(t.db.db, t.config.dataDir);
  expect(first).toMatchObject({ copied: 2, orphans: [] });
  expect(await copyBlobsToDatabase(t.db.db, t.config.dataDir)).toMatchObject({ copied: 0, present: 2 });
  const rows = await t.db.db.selectFrom('blobs').select(['bucket', 'user_id']).where('user_id', '=', user.uid).orderBy('bucket').execute();
  expect(rows).toEqual([
    { bucket: 'avatars', user_id: user.uid },
    { bucket: 'receipts', user_id: user.uid },
  ]);

  const onDatabase = await buildApp({ ...t.config, blobStore: 'postgres', dataDir: path.join(t.config.dataDir, 'elsewhere') }, { db: t.db });
  await onDatabase.ready();
  try {
    const image = await onDatabase.inject({ method: 'GET', url: local(receipt.imageUrl!) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(servedFromFiles)).toBe(true);
    const face = await onDatabase.inject({ method: 'GET', url: `/${avatar}` });
    expect(face.statusCode).toBe(200);
    expect(face.headers['content-type']).toBe('image/webp');
  } finally {
    await onDatabase.close();
  }
});
