/**
 * Statement import at scale: a 50,000-row bank statement previewed and committed through the
 * real routes (POST /api/import/preview, POST /api/import/commit), then previewed again (every
 * row already imported). The person already has a year of receipts, a few hundred of which are
 * rows of the statement, so matching has work to do. Target: the commit under 10 s.
 *
 *   npx tsx bench/import.ts                 # embedded PGlite (in memory)
 *   npx tsx bench/import.ts --pg            # PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 *   options: --rows 50000
 *
 * Memory is this process's: peak RSS from the kernel, and per step how far the live JavaScript
 * heap grew (the preview's includes its answer, the first rows of each status and the counts;
 * the commit's, written in the background, is a few counts). Use --pg for the memory figures:
 * PGlite runs its queries in this thread, so during a step the heap is sampled less often.
 */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addDays, todayIn } from '../src/shared/calendar';
import type { ImportCommitResult, ImportCommitState, ImportPreview } from '../src/shared/imports';
import { NO_RATE_LIMITS } from './support/benchApi';
import { arg, flag } from './support/args';
import { openBenchApp, runBench } from './support/benchApp';

const usePg = flag('pg') || Boolean(process.env.DATABASE_URL);
const ROWS = Number(arg('rows') ?? 50_000);
const USER = 'benchimport000000000000000001';
const MERCHANTS = 400;
/** Every this many rows, the person has already saved the receipt (a like store, the day before). */
const SAVED_EVERY = 100;
const SPAN_DAYS = 365;

interface Row {
  date: string;
  merchant: number;
  cents: number;
}

function statementRows(): Row[] {
  const start = addDays(todayIn('UTC'), -SPAN_DAYS);
  return Array.from({ length: ROWS }, (_, i) => ({
    date: addDays(start, Math.floor((i * SPAN_DAYS) / ROWS)),
    merchant: (i * 7919) % MERCHANTS,
    // Mostly spending, one in forty money in.
    cents: i % 40 === 0 ? -(5000 + (i % 100_000)) : 100 + ((i * 37) % 20_000),
  }));
}

/** A merchant's name: letters, since digits in a name are branch numbers that group stores together (storeKey). */
const merchantName = (n: number) =>
  `SHOP ${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + Math.floor(n / 676))}`;

/** A day-first British export with debit and credit columns, as the bank writes it. */
function statementCsv(rows: Row[]): Buffer {
  const money = (cents: number) => (cents / 100).toFixed(2);
  const lines = ['Date,Description,Paid out,Paid in,Balance'];
  for (const r of rows) {
    const [y, m, d] = r.date.split('-');
    lines.push(
      `${d}/${m}/${y},"CARD PAYMENT TO ${merchantName(r.merchant)} LTD",${r.cents > 0 ? money(r.cents) : ''},${r.cents < 0 ? money(-r.cents) : ''},1000.00`,
    );
  }
  return Buffer.from(lines.join('\r\n'));
}

/**
 * The columns as the person confirms them on the preview screen: the first rows' days may all be
 * 12 or less (on some days of the month), and then the guess asks whether the dates are day first.
 */
const MAPPING = { date: 0, description: 1, debit: 2, credit: 3, date_order: 'DMY' };

async function multipart(bytes: Buffer): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'statement.csv');
  form.append('mapping', JSON.stringify(MAPPING));
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * How far the live heap grew above what was live when `work` started (garbage collected before
 * each sample, every 200 ms, so garbage not yet collected does not count), and the time it took
 * less those collections: they are the bench's own, and work that takes turns of the event loop,
 * as the import does, would pay for one every 200 ms. Memory that does not grow with the
 * statement's length shows as the same growth for 10,000 rows as for 100,000.
 */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakHeapMb: number }> {
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let gcMs = 0;
  const timer = setInterval(() => {
    const g0 = performance.now();
    collectGarbage();
    gcMs += performance.now() - g0;
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 200);
  const t0 = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - t0 - gcMs) / 1000;
    collectGarbage();
    return { result, seconds, peakHeapMb: (Math.max(peak, process.memoryUsage().heapUsed) - base) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function main(): Promise<void> {
  const driver = usePg ? 'PostgreSQL' : 'PGlite';
  console.log(
    `Import bench on ${driver}: ${ROWS.toLocaleString('en-US')} rows; ${os.cpus().length} CPUs; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const bench = await openBenchApp(usePg, USER, NO_RATE_LIMITS);
  const { app, handle } = bench;
  const headers = { authorization: 'Bearer bench.bench.bench' };
  const call = async <T>(url: string, opts: { payload: object | Buffer; headers?: Record<string, string> }): Promise<T> => {
    const res = await app.inject({ method: 'POST', url, payload: opts.payload, headers: { ...headers, ...opts.headers } });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res.json() as T;
  };

  try {
    await call('/api/auth/register', { payload: { user_id: USER, email: `${USER}@bench.local`, display_name: 'Bench' } });
    const rows = statementRows();
    // Receipts the person saved by hand: every SAVED_EVERY-th row's purchase, booked a day later on the statement.
    const saved = rows.filter((_, i) => i % SAVED_EVERY === 1).map((r) => ({ ...r, store: merchantName(r.merchant) }));
    await sql`
      INSERT INTO receipts (user_id, store, store_key, date, amount_cents, printed_minor, currency, category_id)
      SELECT ${USER}, s.store, lower(s.store), s.date::date - 1, s.cents, s.cents, 'USD',
             (SELECT id FROM categories WHERE user_id = ${USER} AND name = 'Other')
        FROM jsonb_to_recordset(${JSON.stringify(saved)}::jsonb) AS s(date text, store text, cents int)`.execute(handle.db);
    const csv = statementCsv(rows);
    console.log(`statement: ${(csv.length / 1e6).toFixed(1)} MB; RSS before ${mb(process.memoryUsage().rss)} MB`);

    const form = await multipart(csv);
    const preview = await measured(() => call<ImportPreview>('/api/import/preview', form));
    const { counts } = preview.result;
    console.log(
      `preview: ${preview.seconds.toFixed(2)} s, heap +${preview.peakHeapMb.toFixed(0)} MB (new ${counts.new}, matches ${counts.matches}, problems ${counts.problems})`,
    );
    // Written in the background: a commit that takes longer than its request waits is followed to its end, as the screen does.
    const commit = await measured(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/import/commit', payload: { preview_id: preview.result.id }, headers });
      if (res.statusCode === 200) return res.json() as ImportCommitResult;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const state = (await app.inject({ method: 'GET', url: `/api/import/commit/${preview.result.id}`, headers })).json() as ImportCommitState;
        if (state.status !== 'importing') return state.result;
      }
    });
    console.log(
      `commit: ${commit.seconds.toFixed(2)} s, heap +${commit.peakHeapMb.toFixed(0)} MB (added ${commit.result.added}, linked ${commit.result.linked}, problems ${commit.result.problems.length})`,
    );
    const again = await measured(() => call<ImportPreview>('/api/import/preview', form));
    console.log(
      `preview again: ${again.seconds.toFixed(2)} s, heap +${again.peakHeapMb.toFixed(0)} MB (already imported ${again.result.counts.already_imported})`,
    );
    console.log(
      `peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const target = commit.seconds < 10 ? 'met' : 'MISSED';
    console.log(`target (commit < 10 s): ${target}`);
  } finally {
    await bench.close();
  }
}

runBench(main);
