import sharp from 'sharp';
import { createReceiptScanner, OcrBusyError, OcrFailedError, OcrInputError, type ReceiptScanner } from '../../../src/server/ocr';
import { decodeImage } from '../../../src/server/ocr/raster';
import { PaddleOcr, worthSecondReading, type ReadSegment } from '../../../src/server/ocr/paddle';
import { modelFiles } from '../../../src/server/ocr/paddle/models';
import { RecognitionPool } from '../../../src/server/ocr/paddle/recognitionPool';

/** Render receipt lines to a clean PNG, so the test needs no dataset. */
async function renderReceipt(lines: string[], fontSize = 20, width = 560): Promise<Buffer> {
  const lineH = Math.round(fontSize * 1.5);
  const height = lineH * (lines.length + 2);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = lines.map((l, i) => `<text x="30" y="${lineH * (i + 1) + fontSize}" xml:space="preserve">${esc(l)}</text>`).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    '<rect width="100%" height="100%" fill="#fff"/>' +
    `<g font-family="DejaVu Sans Mono, Liberation Mono, monospace" font-size="${fontSize}" fill="#000">${body}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

// About 40 characters per line, like a real till roll.
const RECEIPT = [
  '           GREENLEAF MARKET',
  '         42 OAK STREET',
  '       PORTLAND, OR 97201',
  'Date: 03/14/2021             10:22 AM',
  'Apples                           4.50',
  'Bread                            3.25',
  '2 x 1.50 Milk                    3.00',
  'SUBTOTAL                        10.75',
  'TAX                              0.86',
  'TOTAL                           11.61',
  'CASH                            20.00',
  'CHANGE                           8.39',
];

let scanner: ReceiptScanner;
let image: Buffer;

beforeAll(async () => {
  image = await renderReceipt(RECEIPT);
  // The product's own bound on loading the models: on a busy CI machine it takes more than 20 s.
  scanner = await createReceiptScanner({ maxQueue: 1 });
}, 150_000);

afterAll(async () => {
  await scanner?.close();
});

test('scans a receipt image into fields and raw text', async () => {
  const { processed_data: p, raw_text } = await scanner.scan(image, { dateOrder: 'MDY' });
  expect(raw_text).toMatch(/GREENLEAF/);
  expect(p.store_name).toBe('GREENLEAF MARKET');
  expect(p.date).toBe('2021-03-14');
  expect(p.total_amount).toBe(11.61);
  expect(p.tax).toBe(0.86);
  expect(p.items).toEqual(
    expect.arrayContaining([
      { name: 'Apples', price: 4.5, quantity: 1, category: 'food' },
      { name: 'Bread', price: 3.25, quantity: 1, category: 'food' },
      { name: 'Milk', price: 3, quantity: 2, category: 'food' },
    ]),
  );
  expect(scanner.stats()).toEqual({ busy: 0, queued: 0, size: 1 });
}, 20_000);

test('a receipt printed large, which is found at a smaller scale, is read as well as one printed small', async () => {
  const { processed_data: p } = await scanner.scan(await renderReceipt(RECEIPT, 44, 1230), { dateOrder: 'MDY' });
  expect(p.store_name).toBe('GREENLEAF MARKET');
  expect(p.date).toBe('2021-03-14');
  expect(p.total_amount).toBe(11.61);
  expect(p.items.map((i) => [i.name, i.price, i.quantity])).toEqual([
    ['Apples', 4.5, 1],
    ['Bread', 3.25, 1],
    ['Milk', 3, 2],
  ]);
}, 20_000);

test('a long receipt, whose text is found in overlapping strips, is read line by line to the total', async () => {
  const prices = Array.from({ length: 44 }, (_, i) => (1 + ((i * 37) % 90) / 10).toFixed(2));
  const lines = ['           LONGVIEW FOODS', 'Date: 03/14/2021'];
  prices.forEach((p, i) => lines.push(`ITEM ${String(i + 1).padStart(2, '0')}`.padEnd(37 - p.length) + p));
  const total = prices.reduce((sum, p) => sum + Math.round(Number(p) * 100), 0) / 100;
  lines.push('TOTAL'.padEnd(37 - total.toFixed(2).length) + total.toFixed(2));
  const { processed_data: p, raw_text } = await scanner.scan(await renderReceipt(lines), { dateOrder: 'MDY' });
  // Every line, those at the strips' seams too, comes through once and in order.
  const read = raw_text.split('\n').flatMap((l) => /ITEM\s*(\d\d)/.exec(l)?.[1] ?? []);
  expect(read).toEqual(prices.map((_, i) => String(i + 1).padStart(2, '0')));
  expect(p.total_amount).toBe(total);
  expect(p.items.map((i) => i.price)).toEqual(prices.map(Number));
});

test('rejects a non-image before using a worker', async () => {
  await expect(scanner.scan(Buffer.from('this is plain text, not a picture'), { dateOrder: 'MDY' })).rejects.toThrow(OcrInputError);
});

test('refuses work with OcrBusyError when the queue is full', async () => {
  const first = scanner.scan(image, { dateOrder: 'MDY' }); // takes the only worker
  const second = scanner.scan(image, { dateOrder: 'MDY' }); // waits (maxQueue 1)
  expect(scanner.stats()).toMatchObject({ busy: 1, queued: 1 });
  let firstSettled = false;
  first.then(
    () => (firstSettled = true),
    () => (firstSettled = true),
  );
  await expect(scanner.scan(image, { dateOrder: 'MDY' })).rejects.toBeInstanceOf(OcrBusyError);
  // Refused at once: before the scan holding the only worker is done, not after waiting for it.
  expect(firstSettled).toBe(false);
  const results = await Promise.all([first, second]);
  for (const r of results) expect(r.processed_data.total_amount).toBe(11.61);
}, 30_000);

test('every scan says how sure it is of each field, and a clean receipt is read with confidence', async () => {
  const { confidence } = await scanner.scan(image, { dateOrder: 'MDY' });
  for (const v of Object.values(confidence)) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(1);
  }
  // Subtotal + tax and cash - change both confirm the total.
  expect(confidence.total_amount).toBeGreaterThanOrEqual(0.6);
}, 20_000);

describe('the PP-OCR scan process', () => {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const exitOf = (pid: number) =>
    new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (!alive(pid)) {
          clearInterval(poll);
          resolve();
        }
      }, 25);
    });

  test('reads pictures in a process of its own', () => {
    const pid = scanner.processId?.();
    expect(pid).toEqual(expect.any(Number));
    expect(pid).not.toBe(process.pid);
    expect(alive(pid!)).toBe(true);
  });

  test('a scan process that dies mid-scan fails that scan, and the next scan starts a new one', async () => {
    const inFlight = scanner.scan(image, { dateOrder: 'MDY' });
    const pid = scanner.processId!()!;
    process.kill(pid, 'SIGKILL');
    await expect(inFlight).rejects.toBeInstanceOf(OcrFailedError);
    const next = await scanner.scan(image, { dateOrder: 'MDY' });
    expect(next.processed_data.total_amount).toBe(11.61);
    expect(scanner.processId!()).not.toBe(pid);
  }, 40_000);

  test('with an idle limit, the process exits after a quiet spell and comes back for the next scan', async () => {
    const idle = await createReceiptScanner({ idleMs: 300 });
    try {
      expect(idle.processId!()).toBeUndefined(); // nothing is loaded before the first scan
      expect((await idle.scan(image, { dateOrder: 'MDY' })).processed_data.total_amount).toBe(11.61);
      const pid = idle.processId!()!;
      await exitOf(pid);
      expect(idle.processId!()).toBeUndefined();
      expect((await idle.scan(image, { dateOrder: 'MDY' })).processed_data.total_amount).toBe(11.61);
      expect(idle.processId!()).not.toBe(pid);
    } finally {
      await idle.close();
    }
  }, 60_000);

  test('closing the scanner ends its process', async () => {
    const own = await createReceiptScanner({});
    const pid = own.processId!()!;
    await own.close();
    expect(alive(pid)).toBe(false);
    await expect(own.scan(image, { dateOrder: 'MDY' })).rejects.toBeInstanceOf(OcrFailedError);
  }, 40_000);
});

describe('the recognition pool (one recogniser per core, side by side)', () => {
  let paddle: PaddleOcr;
  beforeAll(async () => {
    paddle = await PaddleOcr.create({ threads: 2 });
  }, 30_000);
  afterAll(async () => {
    await paddle?.close();
  });

  test('pictures read at the same time get each its own text, the same as read one by one', async () => {
    const other = ['        HARBOUR HARDWARE', 'Date: 11/02/2022', 'Hinges                 7.20', 'Screws                 2.15', 'TOTAL                  9.35'];
    const pictures = await Promise.all([decodeImage(image), decodeImage(await renderReceipt(other))]);
    const alone = [];
    for (const picture of pictures) alone.push((await paddle.readSegments(picture)).map((s) => s.text));
    const together = (await Promise.all(pictures.map((picture) => paddle.readSegments(picture)))).map((segs) => segs.map((s) => s.text));
    expect(together).toEqual(alone);
    expect(alone[0].join(' ')).toMatch(/GREENLEAF MARKET/);
    expect(alone[1].join(' ')).toMatch(/HARBOUR HARDWARE/);
  }, 30_000);

  test("the header's segments are read a second time, by the English recogniser, and the rest once", async () => {
    const tall = [...RECEIPT, 'THANK YOU', 'PLEASE COME AGAIN', 'VISIT US AT', 'GREENLEAF.EXAMPLE'];
    const segments = await paddle.readSegments(await decodeImage(await renderReceipt(tall)));
    const name = segments.find((s) => /GREENLEAF MARKET/.test(s.text));
    expect(name?.second?.text).toMatch(/GREENLEAF MARKET/);
    // Rows under the twelfth: below the header.
    const footer = segments.filter((s) => /AGAIN|EXAMPLE/.test(s.text));
    expect(footer.length).toBeGreaterThanOrEqual(2);
    expect(footer.every((s) => s.second === undefined)).toBe(true);
    // Prices in the header have no words for the second recogniser to read.
    const prices = segments.filter((s) => /^\d+\.\d{2}$/.test(s.text));
    expect(prices.length).toBeGreaterThanOrEqual(4);
    expect(prices.every((s) => s.second === undefined)).toBe(true);
  }, 30_000);

  test('a segment is worth a second reading where it has words in it', () => {
    const seg = (text: string) => ({ region: { cx: 0, cy: 0, width: 10, height: 2, angle: 0 }, text, conf: 0.9 }) as ReadSegment;
    expect(['GREENLEAF MARKET', 'TAMAN 41150', 'KFC'].map((t) => worthSecondReading(seg(t)))).toEqual([true, true, true]);
    expect(['11.61', '(001451637-M)', '03/14/2021 10:22', 'No. 5'].map((t) => worthSecondReading(seg(t)))).toEqual([false, false, false, false]);
  });

  test("a recogniser that cannot load its model fails the start with the model's error", async () => {
    const files = modelFiles();
    await expect(RecognitionPool.create({ ...files, first: { ...files.first, recognition: '/nonexistent/rec.onnx' } }, 2)).rejects.toThrow(
      /nonexistent\/rec\.onnx/,
    );
    await expect(RecognitionPool.create({ ...files, second: { ...files.second, recognition: '/nonexistent/en.onnx' } }, 2)).rejects.toThrow(
      /nonexistent\/en\.onnx/,
    );
  });
});
