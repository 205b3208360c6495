/**
 * Recurring-bill detection at a person's whole history: 10,000 receipts over six years, with a
 * few monthly, weekly and yearly bills among shops visited at random. Times detection alone
 * (what a receipt change runs for its store is at most this), the first detection of a history
 * (the migration), and a receipt save through the API, which detects its store again.
 *
 *   npx tsx bench/recurring.ts                    # embedded PGlite (in memory)
 *   npx tsx bench/recurring.ts --pg               # PostgreSQL at DATABASE_URL
 *   options: --receipts 10000 --runs 30
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { findRecurringSeries, type DatedReceipt } from '../src/server/modules/recurring/detect';
import { addDays, todayIn } from '../src/shared/calendar';
import { arg, flag } from './support/args';
import { openBenchApp, runBench } from './support/benchApp';
import { NO_RATE_LIMITS } from './support/benchApi';

const usePg = flag('pg');
const RECEIPTS = Number(arg('receipts') ?? 10_000);
const RUNS = Number(arg('runs') ?? 30);
const USER = 'benchrecurring00000000000001';
const SPAN_DAYS = 6 * 365;
const GROCER_VISITS = 2_000;

/** A seeded generator, so every run times the same history. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** A shop's name: letters, since detection drops numbers from names as branch numbers. */
const shopName = (n: number) => `Shop ${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`;

/** Bills (every month, week or year at one store), a grocer visited almost daily, and the rest at 300 shops at random. */
function history(count: number): DatedReceipt[] {
  const next = random(7);
  const start = addDays(todayIn('UTC'), -SPAN_DAYS);
  const out: DatedReceipt[] = [];
  const add = (store: string, date: string, amountCents: number) =>
    out.push({ id: `00000000-0000-4000-8000-${String(out.length).padStart(12, '0')}`, store, date, amountCents });
  for (let m = 0; m < 72; m++) {
    add('Netflix', addDays(start, Math.round(m * 30.44)), 1549);
    add('Power Co', addDays(start, Math.round(m * 30.44) + 12), 8000 + Math.floor(next() * 3000));
  }
  for (let w = 0; w < SPAN_DAYS / 7; w++) add('Veg Box', addDays(start, w * 7 + 3), 2500);
  for (let y = 0; y < 6; y++) add('Insurance', addDays(start, y * 365 + 40), 48000);
  for (let i = 0; i < GROCER_VISITS; i++) add('Grocer', addDays(start, Math.floor(next() * SPAN_DAYS)), 500 + Math.floor(next() * 15000));
  while (out.length < count) add(shopName(Math.floor(next() * 300)), addDays(start, Math.floor(next() * SPAN_DAYS)), 100 + Math.floor(next() * 20000));
  return out;
}

function timeRuns(runs: number, fn: () => unknown): { median: number; p99: number } {
  const ms: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    fn();
    if (i >= 3) ms.push(performance.now() - t0); // the first runs warm the JIT
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], p99: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)] };
}

async function main(): Promise<void> {
  const receipts = history(RECEIPTS);
  console.log(
    `Recurring bench: ${receipts.length.toLocaleString('en-US')} receipts over six years; ${RUNS} runs; ${os.cpus().length} CPUs; load ${os.loadavg()[0].toFixed(2)}`,
  );
  let found = 0;
  const detect = timeRuns(RUNS, () => (found = findRecurringSeries(receipts).length));
  console.log(`| detection of the whole history (${found} series) | median ${detect.median.toFixed(1)} ms | p99 ${detect.p99.toFixed(1)} ms |`);
  const grocer = receipts.filter((r) => r.store === 'Grocer');
  const busy = timeRuns(RUNS, () => findRecurringSeries(grocer));
  console.log(`| detection at the grocer alone (${grocer.length} receipts) | median ${busy.median.toFixed(1)} ms | p99 ${busy.p99.toFixed(1)} ms |`);

  const bench = await openBenchApp(usePg, USER, { ...NO_RATE_LIMITS, BILL_REMINDER_MINUTES: '0' });
  const { app } = bench;
  const headers = { authorization: 'Bearer bench.bench.bench' };
  try {
    await app.inject({ method: 'POST', url: '/api/auth/register', headers, payload: { user_id: USER, email: 'bench@bench.local', display_name: 'Bench' } });
    const post = async (r: DatedReceipt) => {
      const res = await app.inject({ method: 'POST', url: '/receipts', headers, payload: { store: r.store, date: r.date, amount: r.amountCents / 100 } });
      if (res.statusCode !== 201) throw new Error(`POST /receipts: ${res.statusCode} ${res.body}`);
    };
    const t0 = performance.now();
    for (const r of receipts) await post(r);
    const perSave = (performance.now() - t0) / receipts.length;
    const list = await app.inject({ method: 'GET', url: '/recurring', headers });
    const stores = (list.json() as Array<{ store: string; interval: string }>).map((s) => `${s.store} (${s.interval})`);
    console.log(
      `| ${receipts.length.toLocaleString('en-US')} saves through POST /receipts | mean ${perSave.toFixed(1)} ms per save, detection included | found: ${stores.join(', ')} |`,
    );
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t1 = performance.now();
      await post({ id: '', store: 'Netflix', date: addDays(todayIn('UTC'), -i), amountCents: 1549 + i });
      ms.push(performance.now() - t1);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `| a save at the store with the longest bill (${receipts.filter((r) => r.store === 'Netflix').length}+ receipts) | median ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms |`,
    );
    ms.length = 0;
    for (let i = 0; i < RUNS; i++) {
      const t1 = performance.now();
      await post({ id: '', store: 'Grocer', date: addDays(todayIn('UTC'), -i), amountCents: 2000 + i });
      ms.push(performance.now() - t1);
    }
    ms.sort((a, b) => a - b);
    console.log(`| a save at the grocer visited ${GROCER_VISITS.toLocaleString('en-US')} times | median ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms |`);
  } finally {
    await bench.close();
  }
}

runBench(main);
