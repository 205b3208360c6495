import { openCheckedZip, type ZipLimits } from '../../../src/server/zip/readZip';
import { makeZip, renamedInPlace } from './makeZip';

const LIMITS: ZipLimits = { maxEntries: 3, maxEntryBytes: 1000, maxTotalBytes: 1500, maxRatio: 10, ratioFloorBytes: 100 };

/** The status and message a zip is refused with. */
async function refusal(bytes: Buffer): Promise<[number, string]> {
  try {
    (await openCheckedZip(bytes, LIMITS)).close();
  } catch (err) {
    const { statusCode, message } = err as { statusCode: number; message: string };
    return [statusCode, message];
  }
  throw new Error('the zip was not refused');
}

/** Bytes that do not compress (so no ratio limit applies). */
const noise = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + 13) % 251));

describe('openCheckedZip', () => {
  it('reads every entry of a zip within the limits, byte for byte', async () => {
    const zip = await openCheckedZip(
      await makeZip([
        { name: 'a.json', data: '{"a":1}' },
        { name: 'originals/b.png', data: noise(900), compress: false },
      ]),
      LIMITS,
    );
    expect(zip.names()).toEqual(['a.json', 'originals/b.png']);
    expect((await zip.read('a.json'))!.toString()).toBe('{"a":1}');
    expect((await zip.read('originals/b.png'))!.equals(noise(900))).toBe(true);
    expect(await zip.read('missing.txt')).toBeNull();
    zip.close();
  });

  it('refuses too many entries, an entry too large, too much in all, and a zip bomb, from the directory', async () => {
    const four = await makeZip(['a', 'b', 'c', 'd'].map((name) => ({ name, data: 'x' })));
    expect(await refusal(four)).toEqual([413, 'The zip holds 4 files; at most 3 are read']);
    expect(await refusal(await makeZip([{ name: 'big', data: noise(1001) }]))).toEqual([413, 'big unpacks to more than 1000 bytes']);
    expect(
      await refusal(
        await makeZip([
          { name: 'one', data: noise(800) },
          { name: 'two', data: noise(800) },
        ]),
      ),
    ).toEqual([413, 'The zip unpacks to more than 1500 bytes']);
    expect(await refusal(await makeZip([{ name: 'bomb', data: Buffer.alloc(1000) }]))).toEqual([
      413,
      'bomb unpacks to more than 10 times its size: refused as a zip bomb',
    ]);
  });

  it('refuses names that leave the folder, and what is not a zip', async () => {
    const up = renamedInPlace(await makeZip([{ name: 'zz/evil.txt', data: 'x' }]), 'zz/evil.txt', '../evil.txt');
    expect(await refusal(up)).toEqual([400, 'The file is not a zip Tally can read: invalid relative path: ../evil.txt']);
    const absolute = renamedInPlace(await makeZip([{ name: 'zetc/passwd', data: 'x' }]), 'zetc/passwd', '/etc/passwd');
    expect(await refusal(absolute)).toEqual([400, 'The file is not a zip Tally can read: absolute path: /etc/passwd']);
    const [status, message] = await refusal(Buffer.from('this is not a zip at all, just words'));
    expect(status).toBe(400);
    expect(message).toMatch(/^The file is not a zip Tally can read: /);
  });

  it('cuts off an entry whose data holds more than its directory says', async () => {
    // The directory says 5 bytes; the deflated data unpacks to 900.
    const zip = await makeZip([{ name: 'liar', data: noise(900) }]);
    const lying = Buffer.from(zip);
    const sizeAt = (sig: number, offset: number) => {
      const at = lying.indexOf(Buffer.from([0x50, 0x4b, sig, sig + 1]));
      return at + offset;
    };
    lying.writeUInt32LE(5, sizeAt(0x01, 24)); // central directory: uncompressed size
    const opened = await openCheckedZip(lying, LIMITS);
    await expect(opened.read('liar')).rejects.toMatchObject({ statusCode: 400 });
    opened.close();
  });
});
