/**
 * A change of home currency on a big account: one person with 200,000 receipts over six years
 * (70% in the home currency, 20% in MYR at the rates table's rate, 10% in EUR at a typed one) at
 * 1,000 stores, with their totals. Times PUT /api/settings to EUR at a typed rate, then back to
 * USD (its own table again), each one transaction that holds the person's other writes; and
 * first each part alone, rolled back: the floor (a bare UPDATE of every receipt), the receipts
 * converted, the totals, the bills, with this process's CPU and heap growth (the conversion is
 * SQL: neither grows with the receipts).
 *
 *   npm run bench:home-currency              # embedded PGlite (in memory)
 *   npm run bench:home-currency -- --pg      # PostgreSQL at DATABASE_URL
 *   options: --receipts 200000 --no-breakdown (only the requests); NODE_OPTIONS=--expose-gc for steadier heap figures
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema';
import type { DbHandle } from '../src/server/db';
import { seedDefaultCategories, listCategories } from '../src/server/modules/categories/repository';
import { insertProfile } from '../src/server/modules/profile/repository';
import { rebuildTotals } from '../src/server/modules/analytics/repository';
import { convertReceiptsToHome } from '../src/server/modules/receipts/service';
import { redetectStore } from '../src/server/modules/recurring/listener';
import { storeKey } from '../src/server/storeKey';
import { addDays, todayIn } from '../src/shared/calendar';
import { arg, flag } from './support/args';
import { openBenchApp, runBench } from './support/benchApp';
import { NO_RATE_LIMITS } from './support/benchApi';

const usePg = flag('pg');
const RECEIPTS = Number(arg('receipts') ?? 200_000);
const breakdown = !flag('no-breakdown');
const USER = 'benchhomecurrency00000000001';
const SPAN_DAYS = 6 * 366;
const STORES = 1000;

/** A store's name: letters, since recurring detection drops numbers from names as branch numbers. */
const storeName = (n: number) => `Shop ${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}${n >= 676 ? 'x' : ''}`;

const names = () => Array.from({ length: STORES }, (_, i) => storeName(i));

/** The person, their categories and rates, and RECEIPTS receipts bulk-inserted with their totals. */
async function loadAccount(handle: DbHandle): Promise<void> {
  await insertProfile(handle.db, { user_id: USER, email: `${USER}@bench.local`, display_name: USER });
  await seedDefaultCategories(handle.db, USER);
  await sql`INSERT INTO currency_rates (user_id, quote, currency, valid_from, rate) VALUES (${USER}, 'USD', 'MYR', '2015-01-01', 0.213)`.execute(handle.db);
  const categoryIds = (await listCategories(handle.db, USER)).map((c) => c.id);
  const start = addDays(todayIn('UTC'), -SPAN_DAYS + 30);
  const chunk = 100_000; // keeps one statement's memory modest on PGlite
  for (let lo = 0; lo < RECEIPTS; lo += chunk) {
    const hi = Math.min(RECEIPTS, lo + chunk) - 1;
    await sql`
      INSERT INTO receipts (user_id, store, store_key, date, currency, printed_minor, rate, amount_cents, category_id, description)
      SELECT ${USER}, (${sql.val(names())}::text[])[1 + g % ${STORES}], (${sql.val(names().map(storeKey))}::text[])[1 + g % ${STORES}],
             ${start}::date + ((g * 7919) % ${SPAN_DAYS})::int, m.currency, m.printed, m.rate,
             CASE WHEN m.rate IS NULL THEN m.printed ELSE round(m.printed * m.rate) END,
             (${sql.val(categoryIds)}::uuid[])[(1 + (g / 1000) % ${categoryIds.length})::int], ''
        FROM generate_series(${lo}::bigint, ${hi}::bigint) g,
             LATERAL (SELECT CASE WHEN g % 10 < 7 THEN 'USD' WHEN g % 10 < 9 THEN 'MYR' ELSE 'EUR' END AS currency,
                             CASE WHEN g % 10 < 7 THEN NULL WHEN g % 10 < 9 THEN 0.213 ELSE 1.08 END::numeric AS rate,
                             CASE WHEN g % 50 = 0 THEN -(100 + g % 5000) ELSE 100 + (g * 37) % 20000 END AS printed) m`.execute(handle.db);
  }
  await handle.db.transaction().execute((trx) => rebuildTotals(trx, USER));
  await sql`ANALYZE`.execute(handle.db);
}

/** What `work` answers, its transaction rolled back. */
async function rolledBack<T>(handle: DbHandle, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let out: { value: T } | undefined;
  await handle.db
    .transaction()
    .execute(async (trx) => {
      out = { value: await work(trx) };
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (!out) throw err;
    });
  return out!.value;
}

/** How long `work` took, this process's CPU seconds meanwhile and the most its JS heap grew (sampled every 20 ms). */
async function measured(work: () => Promise<unknown>): Promise<{ took: number; heapMb: number; cpu: number }> {
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let peak = heap0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 20);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const cpu = process.cpuUsage(cpu0);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { took: performance.now() - t0, heapMb: (peak - heap0) / 1024 / 1024, cpu: (cpu.user + cpu.system) / 1e6 };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const driver = usePg ? 'PostgreSQL' : 'PGlite';
  console.log(`Home-currency change on ${driver}: ${RECEIPTS.toLocaleString('en-US')} receipts, ${STORES} stores; ${os.cpus().length} CPUs, load ${load()}`);
  const bench = await openBenchApp(usePg, USER, NO_RATE_LIMITS);
  const { app, handle } = bench;
  const put = async (payload: object) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'PUT', url: '/api/settings', headers: { authorization: 'Bearer bench.bench.bench' }, payload });
    if (res.statusCode !== 200) throw new Error(`PUT /api/settings: ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };
  try {
    const l0 = performance.now();
    await loadAccount(handle);
    console.log(`loaded in ${seconds(performance.now() - l0)}`);
    if (breakdown) {
      // Each part alone, rolled back: the floor (every receipt written once, by the bare UPDATE
      // the database does fastest), the receipts converted to EUR, the totals, the bills.
      const parts: Array<[string, (trx: Transaction<Database>) => Promise<unknown>]> = [
        ['the floor: UPDATE receipts SET updated_at = now()', (trx) => sql`UPDATE receipts SET updated_at = now() WHERE user_id = ${USER}`.execute(trx)],
        ['receipts converted to EUR', (trx) => convertReceiptsToHome(trx, USER, 'USD', 'EUR')],
        ['totals rebuilt', (trx) => rebuildTotals(trx, USER)],
        [
          `bills of the ${STORES} stores found again`,
          async (trx) => {
            for (const name of names()) await redetectStore(trx, USER, storeKey(name));
          },
        ],
      ];
      for (const [name, part] of parts) {
        const { took, heapMb, cpu } = await rolledBack(handle, async (trx) => {
          await sql`INSERT INTO currency_rates (user_id, quote, currency, valid_from, rate) VALUES (${USER}, 'EUR', 'USD', '1970-01-01', 0.9)`.execute(trx);
          return measured(() => part(trx));
        });
        console.log(
          `${name} (alone, rolled back): ${seconds(took)}, this process ${cpu.toFixed(1)} CPU s, heap +${heapMb.toFixed(0)} MB at most, load ${load()}`,
        );
      }
    }
    const toEur = await put({ home_currency: 'EUR', home_currency_rate: 0.9 });
    console.log(`PUT /api/settings USD → EUR (rate 0.9, every bill found the first time): ${seconds(toEur)}, load ${load()}`);
    const back = await put({ home_currency: 'USD', home_currency_rate: 1.11 });
    console.log(`PUT /api/settings EUR → USD (its own table again): ${seconds(back)}, load ${load()}`);
  } finally {
    await bench.close();
  }
}

runBench(main);
