import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../helpers';
import sharp from 'sharp';
import { addReceipt, dataUrl, JPEG_BYTES, PNG_BYTES, todayUtc, WEBP_BYTES } from '../modules/receipts/fixtures';
import { PHONE_EXIF } from '../modules/avatar/upload';
import { FsBlobDriver } from '../../../src/server/blobs/fsStore';
import { PgBlobDriver } from '../../../src/server/blobs/pgStore';
import { UserBlobStore, type BlobDriver } from '../../../src/server/blobs/store';
import { AvatarStore } from '../../../src/server/modules/avatar/store';
import { BlobUrlSigner } from '../../../src/server/blobs/signedUrls';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The path and query of a signed URL, ready for inject. */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('GET /blobs/receipts/{key} (signed image links)', () => {
  it('serves the image without a bearer token, privately and with its real type', async () => {
    const user = await t.signUp();
    const r = await addReceipt(t, user, { imageData: dataUrl(PNG_BYTES, 'image/jpeg') }); // declared type is not trusted
    expect(r.imageUrl!.startsWith(`${t.config.publicApiUrl}/blobs/receipts/`)).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: local(r.imageUrl!) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The same picture, encoded again without metadata.
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 });
  });

  it('stores a phone photo without its metadata (GPS, device, owner), upright and at full size', async () => {
    const user = await t.signUp();
    // 40×30 pixels as stored by the camera, to be shown turned a quarter (EXIF orientation 6).
    const original = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 250, g: 20, b: 20 } } })
      .jpeg()
      .withExif(PHONE_EXIF)
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(original).metadata();
    expect(sent.exif?.includes(Buffer.from('Secret Owner'))).toBe(true);
    expect(sent.orientation).toBe(6);
    for (const field of ['imageData', 'image_url'] as const) {
      const body =
        field === 'imageData'
          ? { store: 'Photo', date: todayUtc(), amount: 3, imageData: dataUrl(original, 'image/jpeg') }
          : { store_name: 'Photo', date: todayUtc(), total_amount: 3, image_url: dataUrl(original, 'image/jpeg') };
      const saved = await t.request(user, { method: 'POST', url: '/receipts', payload: body });
      expect(saved.statusCode).toBe(201);
      const stored = (await t.app.inject({ method: 'GET', url: local(saved.json().imageUrl) })).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 30, height: 40 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const secret of ['Secret Owner', 'PhoneCo']) expect(stored.includes(Buffer.from(secret))).toBe(false);
      // The pixels are the photo's: the same colour.
      const { dominant } = await sharp(stored).stats();
      expect(dominant.r).toBeGreaterThan(200);
    }
  });

  it('refuses a picture that would decode to too many pixels, and a damaged one, with a 400', async () => {
    const user = await t.signUp();
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Bomb', date: todayUtc(), amount: 1, imageData: dataUrl(huge) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The image has too many pixels. Please choose a smaller picture.');
    const damaged = Buffer.concat([PNG_BYTES.subarray(0, 20), Buffer.from('not the rest of a png')]);
    const bad = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store: 'Damaged', date: todayUtc(), amount: 1, imageData: dataUrl(damaged) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('imageData could not be read as a JPEG, PNG or WebP image');
    expect((await t.request(user, { method: 'GET', url: '/receipts' })).json()).toEqual([]);
  });

  it('refuses a forged, missing or expired signature and another key', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const ra = await addReceipt(t, a, { imageData: dataUrl(PNG_BYTES) });
    const rb = await addReceipt(t, b, { imageData: dataUrl(JPEG_BYTES, 'image/jpeg') });
    const ua = new URL(ra.imageUrl!);
    const ub = new URL(rb.imageUrl!);
    const sig = ua.searchParams.get('sig')!;
    const exp = ua.searchParams.get('exp')!;
    const forged = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const cases: Array<[string, number, string]> = [
      [`${ua.pathname}?exp=${exp}&sig=${forged}`, 403, 'This image link is not valid'],
      [`${ua.pathname}?exp=${exp}`, 403, 'This image link is not valid'],
      [`${ua.pathname}`, 403, 'This image link is not valid'],
      [`${ua.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`, 403, 'This image link is not valid'],
      // A's signature on B's key (another user's image) is worthless.
      [`${ub.pathname}?exp=${exp}&sig=${sig}`, 403, 'This image link is not valid'],
      [`/blobs/receipts/..%2F..%2Fetc/passwd?exp=${exp}&sig=${sig}`, 403, 'This image link is not valid'],
    ];
    for (const [url, status, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({ url, status, message });
    }
    // Correctly signed but past its expiry.
    const signer = new BlobUrlSigner(t.config.blobUrlSecret, t.config.publicApiUrl);
    const key = ua.pathname.replace('/blobs/receipts/', '');
    const old = signer.url(key, Date.now() - 60 * 60 * 1000);
    const expired = await t.app.inject({ method: 'GET', url: local(old) });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This image link has expired');
  });

  it('answers 404 once the receipt (and so its image) is deleted', async () => {
    const user = await t.signUp();
    const r = await addReceipt(t, user, { imageData: dataUrl(WEBP_BYTES, 'image/webp') });
    expect((await t.app.inject({ method: 'GET', url: local(r.imageUrl!) })).statusCode).toBe(200);
    await t.request(user, { method: 'DELETE', url: `/receipts/${r.id}` });
    const gone = await t.app.inject({ method: 'GET', url: local(r.imageUrl!) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Image not found');
  });
});

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-blobs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Each driver against its real storage: a folder, and the test database (PGlite, or PostgreSQL in that pass). */
const drivers: [string, (bucket: string) => BlobDriver][] = [
  ['files', (bucket) => new FsBlobDriver(path.join(root, bucket))],
  ['the database', (bucket) => new PgBlobDriver(t.db.db, bucket)],
];

describe.each(drivers)('receipt photos and avatars in %s', (_name, driverFor) => {
  let store: UserBlobStore;
  let avatars: AvatarStore;
  beforeAll(() => {
    store = new UserBlobStore(driverFor('receipts'));
    avatars = new AvatarStore(driverFor('avatars'));
  });

  it("puts, gets and deletes under the user's key", async () => {
    const key = await store.put('user1', PNG_BYTES, 'image/png');
    expect(key).toMatch(/^user1\/[0-9a-f-]{36}\.png$/);
    expect(await store.get(key)).toEqual({ bytes: PNG_BYTES, contentType: 'image/png' });
    await store.delete(key);
    await store.delete(key); // twice is fine
    expect(await store.get(key)).toBeNull();
  });

  it('deletes everything of one user only, photos and avatar apart', async () => {
    const a1 = await store.put('alice', PNG_BYTES, 'image/png');
    const a2 = await store.put('alice', JPEG_BYTES, 'image/jpeg');
    const b1 = await store.put('bob', WEBP_BYTES, 'image/webp');
    const avatar = await avatars.save('alice', WEBP_BYTES);
    await store.deleteAllForUser('alice');
    expect(await store.get(a1)).toBeNull();
    expect(await store.get(a2)).toBeNull();
    expect(await store.get(b1)).toEqual({ bytes: WEBP_BYTES, contentType: 'image/webp' });
    expect(await avatars.read(path.basename(avatar))).toEqual(WEBP_BYTES);
    await avatars.remove(avatar);
    expect(await avatars.read(path.basename(avatar))).toBeNull();
  });

  it('keeps avatars under new unguessable names, and reads nothing else', async () => {
    const first = await avatars.save('carol', PNG_BYTES);
    const second = await avatars.save('carol', PNG_BYTES);
    expect(first).toMatch(/^static\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(second).not.toBe(first);
    for (const bad of ['../x.webp', 'x.webp', path.basename(first).replace('.webp', '.png')]) expect(await avatars.read(bad)).toBeNull();
    await avatars.remove('https://example.com/me.png'); // not a stored avatar: ignored
    expect(await avatars.read(path.basename(first))).toEqual(PNG_BYTES);
  });

  it('never reads or writes outside its keys, whatever the user id or key', async () => {
    const key = await store.put('../../evil', PNG_BYTES, 'image/png');
    expect(key).toMatch(/^h-[0-9a-f]{64}\//);
    for (const bad of ['../x/00000000-0000-4000-8000-000000000000.png', 'a/b/c.png', '/etc/passwd', 'user1/../../x.png']) {
      expect(await store.get(bad)).toBeNull();
    }
  });
});

describe('the database driver', () => {
  it("joins the caller's transaction: a write rolled back leaves no photo", async () => {
    const store = new UserBlobStore(new PgBlobDriver(t.db.db, 'receipts'));
    let key = '';
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        key = await store.put('dave', PNG_BYTES, 'image/png', trx);
        expect(await trx.selectFrom('blobs').select('key').where('key', '=', key).executeTakeFirst()).toEqual({ key });
        throw new Error('the receipt could not be saved');
      }),
    ).rejects.toThrow('the receipt could not be saved');
    expect(await store.get(key)).toBeNull();
  });

  it('keeps another bucket apart under the same key', async () => {
    const photos = new PgBlobDriver(t.db.db, 'receipts');
    const other = new PgBlobDriver(t.db.db, 'elsewhere');
    await photos.write('erin/00000000-0000-4000-8000-000000000001.png', 'erin', PNG_BYTES, 'image/png');
    expect(await other.read('erin/00000000-0000-4000-8000-000000000001.png')).toBeNull();
    await other.removeOwnedBy('erin');
    expect(await photos.read('erin/00000000-0000-4000-8000-000000000001.png')).not.toBeNull();
  });
});
