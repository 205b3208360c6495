import path from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { storedAvatars } from '../../blobs/stored';
import { multipartBody, photo, uploadAvatar } from './upload';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const profileOf = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/api/profile/' })).json();
const fetchStatic = (avatar: string) => t.app.inject({ method: 'GET', url: `/${avatar}` });

describe('POST /profile/avatar', () => {
  it.each([
    ['jpeg', 'me.jpg', 'image/jpeg'],
    ['png', 'me.png', 'image/png'],
  ] as const)('takes a %s, stores a 256px square without metadata and serves it publicly under static/', async (format, filename, contentType) => {
    const user = await t.signUp();
    const original = await photo(format);
    // The upload really carries the owner's name and GPS position…
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('Secret Owner');

    const res = await uploadAvatar(t, user, original, { filename, contentType });
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatch(/^static\/avatars\/[0-9a-f]{32}\.webp$/);
    expect((await profileOf(user)).avatar).toBe(avatar);

    // …and what is served has none of it: no EXIF, no XMP, no ICC, just a small square.
    const served = await fetchStatic(avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('Secret Owner');
  });

  it('replaces the previous avatar and deletes its file', async () => {
    const user = await t.signUp();
    const first = (await uploadAvatar(t, user, await photo('png'))).json().avatar as string;
    const second = (await uploadAvatar(t, user, await photo('jpeg'), { filename: 'b.jpg', contentType: 'image/jpeg' })).json().avatar as string;
    expect(second).not.toBe(first);
    expect(await storedAvatars(t)).toContain(path.basename(second));
    expect(await storedAvatars(t)).not.toContain(path.basename(first));
    expect((await fetchStatic(first)).statusCode).toBe(404);
    expect((await profileOf(user)).avatar).toBe(second);
  });

  it.each([
    ['a text file renamed to .png', Buffer.from('just some text, not a picture'), 'notes.png', 'image/png'],
    ['a text file declared as JPEG', Buffer.from('GIF89a pretending'), 'x.jpg', 'image/jpeg'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('refuses %s by its bytes and changes nothing', async (_name, bytes, filename, contentType) => {
    const user = await t.signUp();
    const filesBefore = (await storedAvatars(t)).length;
    const res = await uploadAvatar(t, user, bytes, { filename, contentType });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Please select a JPG or PNG image' });
    expect((await profileOf(user)).avatar).toBeNull();
    expect(await storedAvatars(t)).toHaveLength(filesBefore);
  });

  it('refuses a WebP picture: only JPG and PNG are accepted', async () => {
    const user = await t.signUp();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const res = await uploadAvatar(t, user, webp, { filename: 'a.webp', contentType: 'image/webp' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a JPG or PNG image');
  });

  it('refuses a damaged JPEG with a clear 400', async () => {
    const user = await t.signUp();
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('definitely not jpeg data')]);
    const res = await uploadAvatar(t, user, broken, { filename: 'broken.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The image could not be read. Please select a JPG or PNG image');
  });

  it('answers 413 for a file over 5 MB and keeps nothing', async () => {
    const user = await t.signUp();
    const filesBefore = (await storedAvatars(t)).length;
    const big = Buffer.concat([await photo('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await uploadAvatar(t, user, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'The image is too large. Choose an image of at most 5 MB.' });
    expect((await profileOf(user)).avatar).toBeNull();
    expect(await storedAvatars(t)).toHaveLength(filesBefore);
  });

  it('answers 400 for a JSON body, a wrong field name or a form without a file', async () => {
    const user = await t.signUp();
    const json = await t.request(user, { method: 'POST', url: '/profile/avatar', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the image as multipart/form-data in the field "file"');

    const wrongField = multipartBody(await photo('png'), { field: 'picture' });
    const res = await t.request(user, { method: 'POST', url: '/profile/avatar', payload: wrongField.payload, headers: wrongField.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send the image in the field "file"');

    const boundary = 'empty-form';
    const empty = await t.request(user, {
      method: 'POST',
      url: '/profile/avatar',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please choose an image to upload in the field "file"');
  });

  it('answers 400, not 500, for a malformed multipart body', async () => {
    const user = await t.signUp();
    const res = await t.request(user, {
      method: 'POST',
      url: '/profile/avatar',
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const body = multipartBody(await photo('png'));
    const res = await t.app.inject({ method: 'POST', url: '/profile/avatar', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(401);
  });

  it('keeps multipart off every other route', async () => {
    const user = await t.signUp();
    const body = multipartBody(await photo('png'));
    const res = await t.request(user, { method: 'PUT', url: '/api/profile/', payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(415);
  });
});

describe('GET /static/avatars/:file', () => {
  it.each(['0123456789abcdef0123456789abcdef.webp', '..%2F..%2Fetc%2Fpasswd', 'x.webp', '0123456789abcdef0123456789abcdef.png'])(
    'answers 404 for %s',
    async (file) => {
      const res = await t.app.inject({ method: 'GET', url: `/static/avatars/${file}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Avatar not found');
    },
  );
});
