import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_LISTED_PROBLEMS, PREVIEW_ROWS_PER_STATUS } from '../../../../src/shared/imports';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { csv, day, importApi } from './importApi';
import { statementForm } from './statementForm';

/**
 * A statement is read as its bytes arrive, within limits a 413 names, in pieces that leave the
 * API answering everyone else, and the preview's answer is bounded however long the file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const { previewRequest, preview, commit, countOf } = importApi(() => t);

const header = 'Date,Description,Amount';
const rowsOf = <T>(n: number, row: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => row(i));

describe('statement limits, checked as the file is read', () => {
  it('refuses the outside red team files with a 413 naming the limit, and keeps none of them', async () => {
    const user = await t.signUp();
    const files: [string, Buffer, string][] = [
      [
        '19.6 MB of tiny rows',
        Buffer.from(`a,b\n${'x,y\n'.repeat(4_900_000)}`),
        'The statement has more than 50,000 lines: export a shorter period from your bank',
      ],
      [
        '10,000 columns × 900 rows',
        Buffer.from(rowsOf(900, () => rowsOf(10_000, () => 'c').join(',')).join('\n')),
        'Line 1 has more than 200 columns: a statement can have at most 200',
      ],
      [
        'one quoted field of 19 MB',
        Buffer.from(`a,b\n"${'x'.repeat(19_000_000)}",1\n`),
        "Line 2 has a field longer than 1,000 characters, the most a statement's field can have",
      ],
      ['one row of 19 M commas', Buffer.from(`a,b\n${','.repeat(19_000_000)}\n`), 'Line 2 has more than 200 columns: a statement can have at most 200'],
      [
        '19 M empty lines',
        Buffer.from(`a,b\n${'\n'.repeat(19_000_000)}1,2\n`),
        'The statement has more than 50,000 lines: export a shorter period from your bank',
      ],
    ];
    for (const [name, bytes, message] of files) {
      const res = await previewRequest(user, { bytes });
      expect([name, res.statusCode, res.json().message]).toEqual([name, 413, message]);
    }
    expect(await countOf('import_previews', user)).toBe(0);
  });

  it('lists the first rows of each status and the first problems, and counts them all', async () => {
    const user = await t.signUp();
    const extra = 200;
    const lines = rowsOf(PREVIEW_ROWS_PER_STATUS + extra, (i) => `${day(1 + (i % 20))},SHOP ${i},-${(1 + (i % 90)).toFixed(2)}`);
    const first = await preview(user, { bytes: csv(header, ...lines) });
    expect(first.counts).toEqual({ new: PREVIEW_ROWS_PER_STATUS + extra, already_imported: 0, matches: 0, problems: 0 });
    expect(first.rows.map((r) => r.line)).toEqual(rowsOf(PREVIEW_ROWS_PER_STATUS, (i) => i + 2));
    expect(await commit(user, first.id)).toMatchObject({ added: PREVIEW_ROWS_PER_STATUS + extra });

    // The same rows again, new ones after them, and more rows that cannot be read than are listed.
    const bad = rowsOf(MAX_LISTED_PROBLEMS + extra, (i) => `${day(2)},BROKEN ${i},not money`);
    const fresh = rowsOf(10, (i) => `${day(3)},NEW SHOP ${i},-1.00`);
    const again = await preview(user, { bytes: csv(header, ...lines, ...bad, ...fresh) });
    expect(again.counts).toEqual({ new: 10, already_imported: PREVIEW_ROWS_PER_STATUS + extra, matches: 0, problems: MAX_LISTED_PROBLEMS + extra });
    expect(again.rows.filter((r) => r.status === 'already_imported')).toHaveLength(PREVIEW_ROWS_PER_STATUS);
    expect(again.rows.filter((r) => r.status === 'new').map((r) => r.description)).toEqual(fresh.map((_, i) => `NEW SHOP ${i}`));
    expect(again.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(again.problems[0]).toEqual({ line: lines.length + 2, message: 'The amount is not a number' });
  });
});

describe('a long statement leaves the API answering everyone else', () => {
  interface Answer {
    status: number;
    body: string;
  }
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** A request over a real socket: `written` once its body is handed to the kernel, `answered` once its answer is in. */
  function send(path: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
    const req = http.request(`${base}${path}`, {
      method: opts.method ?? 'GET',
      headers: { ...opts.headers, ...(opts.body ? { 'content-length': String(opts.body.length) } : {}) },
    });
    const answered = new Promise<Answer>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
    });
    const written = new Promise<void>((resolve) => req.end(opts.body ?? Buffer.alloc(0), resolve));
    return { written, answered };
  }
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

  /** An upload whose first half is sent now and the rest when `finish` is called. */
  function held(path: string, headers: Record<string, string>, body: Buffer) {
    const req = http.request(`${base}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } });
    const answered = new Promise<Answer & { retryAfter?: string }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), retryAfter: res.headers['retry-after'] }));
      });
    });
    req.write(body.subarray(0, body.length >> 1));
    return { answered, finish: () => req.end(body.subarray(body.length >> 1)) };
  }

  it('reads one statement at a time: another sent meanwhile is answered 503 at once and keeps nothing', async () => {
    const [a, b] = [await t.signUp(), await t.signUp()];
    const form = await statementForm({ bytes: csv(header, ...rowsOf(20_000, (i) => `${day(1 + (i % 25))},SHOP ${i % 40},-1.00`)) });
    const uploads = [a, b].map((user) => held('/api/import/preview', { ...auth(user), ...form.headers }, form.payload));
    // Neither file is whole yet: the one being read waits for its rest, so the first answer is the other's.
    const first = await Promise.race(uploads.map((u, i) => u.answered.then((answer) => ({ i, answer }))));
    expect(first.answer).toMatchObject({ status: 503, retryAfter: '5' });
    expect(JSON.parse(first.answer.body).message).toBe('Tally is reading other statements just now. Please try again in a few seconds.');
    uploads.forEach((u) => u.finish());
    const read = await uploads[1 - first.i].answered;
    expect(read.status).toBe(200);
    expect(await countOf('import_previews', [a, b][first.i])).toBe(0);
    expect(await countOf('import_previews', [a, b][1 - first.i])).toBe(1);
  });

  it('answers /healthz and another person while a 49,000-row statement is being read', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    const rows = 49_000;
    const form = await statementForm({
      bytes: csv(header, ...rowsOf(rows, (i) => `${day(1 + (i % 25))},CARD PAYMENT TO SHOP ${i % 400} LTD,-${(1 + (i % 97)).toFixed(2)}`)),
    });
    const order: string[] = [];
    const big = send('/api/import/preview', { method: 'POST', headers: { ...auth(user), ...form.headers }, body: form.payload });
    const previewed = big.answered.then((answer) => {
      order.push('preview');
      return answer;
    });
    await big.written;
    const health = await send('/healthz').answered;
    order.push('healthz');
    const theirs = await send('/receipts?limit=20', { headers: auth(other) }).answered;
    order.push("another person's receipts");
    const answer = await previewed;
    expect(order).toEqual(['healthz', "another person's receipts", 'preview']);
    expect([health.status, theirs.status, answer.status]).toEqual([200, 200, 200]);
    expect(JSON.parse(answer.body).counts).toMatchObject({ new: rows, problems: 0 });
  });
});
