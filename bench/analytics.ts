/**
 * Analytics at scale: loads 1k, 10k, 100k and 1M receipts for one user, ten items each (plus
 * other users' receipts as noise), and times the analytics answers at each size. The answers read
 * only the daily/monthly totals, so their time must not grow with the number of receipts; an
 * item's price history reads only that item's purchases, so neither must it (< 20 ms median at
 * 10M items).
 *
 *   npx tsx bench/analytics.ts                 # embedded PGlite (in memory)
 *   npx tsx bench/analytics.ts --pg            # PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 *   options: --sizes 1000,10000 --calls 200 --items 10 (items per receipt)
 *
 * Receipts are bulk-inserted with generate_series; the totals are then computed by
 * rebuildTotals(), the same figures the write path keeps (the analytics tests check this).
 * The user's monthly budget and one category's carry over from the first month of the history
 * (the longest carry-over there can be) and two monthly bills are confirmed, so GET /dashboard
 * and GET /categories answer with rollover, pace and forecast at their dearest. The bench user
 * and the three others are a household of four, with a tenth of the bench user's receipts
 * shared evenly among them (issue 51): their totals count their shares.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { DbHandle } from '../src/server/db';
import { seedDefaultCategories, listCategories } from '../src/server/modules/categories/repository';
import { insertProfile } from '../src/server/modules/profile/repository';
import { rebuildTotals } from '../src/server/modules/analytics/repository';
import { AnalyticsService } from '../src/server/modules/analytics/service';
import { DashboardService } from '../src/server/modules/dashboard/service';
import { CategoryService } from '../src/server/modules/categories/service';
import { PriceService } from '../src/server/modules/prices/service';
import { ProductService } from '../src/server/modules/prices/productService';
import { categoryHooks, profileHooks } from '../src/server/moduleWiring';
import { addDays, startOfMonth, todayIn } from '../src/shared/calendar';
import { ANALYTICS_RANGES } from '../src/shared/analytics';
import { arg, flag } from './support/args';
import { openBenchApp, runBench } from './support/benchApp';

const usePg = flag('pg') || Boolean(process.env.DATABASE_URL);
const SIZES = (arg('sizes') ?? '1000,10000,100000,1000000').split(',').map(Number);
const CALLS = Number(arg('calls') ?? 200);
const OTHER_USERS = 3;
const OTHER_RECEIPTS = 20_000;
/** Receipts spread over the last six years, so every range has data. */
const SPAN_DAYS = 6 * 366;
const USER = 'benchuser0000000000000000001';
const ITEMS_PER_RECEIPT = Number(arg('items') ?? 10);
const ITEM_NAMES = 20_000;
/** How many names the one product grouped from several has. */
const PRODUCT_NAMES = 5;

/**
 * Appends receipts number [from, to) of a user: dates over SPAN_DAYS, six categories, 2% refunds,
 * ITEMS_PER_RECEIPT items each, named from ITEM_NAMES products (so each product has about
 * ITEMS_PER_RECEIPT × receipts / ITEM_NAMES purchases: 500 at 1M receipts, the history's limit).
 */
async function loadReceipts(handle: DbHandle, userId: string, from: number, to: number): Promise<void> {
  const categoryIds = (await listCategories(handle.db, userId)).map((c) => c.id);
  const start = addDays(todayIn('UTC'), -SPAN_DAYS + 30);
  const chunk = 100_000; // keeps one statement's memory modest on PGlite (a million items)
  for (let lo = from; lo < to; lo += chunk) {
    const hi = Math.min(to, lo + chunk) - 1;
    await sql`
      WITH added AS (
        INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id, description)
        SELECT ${userId}, 'Store ' || (g % 997), ${start}::date + ((g * 7919) % ${SPAN_DAYS})::int, a.cents, a.cents,
               (${sql.val(categoryIds)}::uuid[])[(1 + (g / 1000) % ${categoryIds.length})::int], ''
          FROM generate_series(${lo}::bigint, ${hi}::bigint) g,
               LATERAL (SELECT CASE WHEN g % 50 = 0 THEN -(100 + g % 5000) ELSE 100 + (g * 37) % 20000 END AS cents) a
        RETURNING id, amount_cents
      )
      INSERT INTO receipt_items (receipt_id, position, user_id, name, price_cents, quantity)
      SELECT a.id, p, ${userId}, 'Item ' || ((abs(hashtext(a.id::text))::bigint + p * 7919) % ${ITEM_NAMES}), a.amount_cents / ${ITEMS_PER_RECEIPT}, 1
        FROM added a, generate_series(0, ${ITEMS_PER_RECEIPT - 1}) p`.execute(handle.db);
  }
  await handle.db.transaction().execute((trx) => rebuildTotals(trx, userId));
}

/** A household of four: the bench user (its owner) and the other users. */
async function householdOfFour(handle: DbHandle, others: string[]): Promise<string> {
  const { id } = await handle.db.insertInto('households').values({ name: 'Bench household', created_by: USER }).returning('id').executeTakeFirstOrThrow();
  await handle.db
    .insertInto('household_members')
    .values([USER, ...others].map((uid, i) => ({ household_id: id, user_id: uid, display_name: uid, role: i === 0 ? 'owner' : 'member', status: 'active' })))
    .execute();
  return id;
}

/**
 * Shares a tenth of the bench user's receipts not shared yet with the household, evenly among
 * its four members, with the counts the write path keeps (share_counts: the sharer's receipt
 * less the others' shares, each other member's share in their category of the same name), then
 * recounts the four members' totals.
 */
async function shareTenth(handle: DbHandle, householdId: string, members: string[]): Promise<void> {
  const db = handle.db;
  await sql`
    INSERT INTO shared_receipts (household_id, receipt_id, shared_by, paid_by, store, date, currency, total_minor, split, category, created_at, updated_at)
    SELECT ${householdId}::uuid, r.id, me.id, me.id, r.store, to_char(r.date, 'YYYY-MM-DD'), 'USD', r.printed_minor, '{}'::jsonb, c.name, now(), now()
      FROM receipts r
      JOIN categories c ON c.user_id = r.user_id AND c.id = r.category_id
      JOIN household_members me ON me.household_id = ${householdId}::uuid AND me.user_id = r.user_id
     WHERE r.user_id = ${USER} AND abs(hashtext(r.id::text)) % 10 = 0
       AND NOT EXISTS (SELECT 1 FROM shared_receipts s WHERE s.receipt_id = r.id)`.execute(db);
  // Even shares; the first member takes what does not divide.
  await sql`
    INSERT INTO shared_receipt_shares (household_id, shared_receipt_id, member_id, amount_minor, home_currency, home_minor)
    SELECT s.household_id, s.id, m.id, x.minor, 'USD', x.minor
      FROM shared_receipts s
      JOIN household_members m ON m.household_id = s.household_id
      CROSS JOIN LATERAL (SELECT s.total_minor / 4 + CASE WHEN m.user_id = ${USER} THEN s.total_minor % 4 ELSE 0 END AS minor) x
     WHERE s.household_id = ${householdId}::uuid
       AND NOT EXISTS (SELECT 1 FROM shared_receipt_shares o WHERE o.shared_receipt_id = s.id)`.execute(db);
  await sql`
    INSERT INTO share_counts (user_id, shared_receipt_id, category_id, day, cents)
    SELECT m.user_id, s.id, coalesce(r.category_id, oc.id), s.date::date, CASE WHEN m.user_id = ${USER} THEN sh.amount_minor - r.amount_cents ELSE sh.amount_minor END
      FROM shared_receipts s
      JOIN receipts r ON r.id = s.receipt_id
      JOIN shared_receipt_shares sh ON sh.shared_receipt_id = s.id
      JOIN household_members m ON m.id = sh.member_id
      LEFT JOIN categories oc ON m.user_id <> ${USER} AND oc.user_id = m.user_id AND lower(oc.name) = lower(s.category)
     WHERE s.household_id = ${householdId}::uuid AND sh.amount_minor <> 0
       AND (m.user_id = ${USER} OR oc.id IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM share_counts o WHERE o.shared_receipt_id = s.id)`.execute(db);
  for (const uid of members) await db.transaction().execute((trx) => rebuildTotals(trx, uid));
}

/** Rollover from the history's first month on the monthly budget and Food, and two confirmed monthly bills. */
async function lookAhead(
  handle: DbHandle,
  get: (url: string) => Promise<unknown>,
  send: (method: 'POST' | 'PUT', url: string, payload: object) => Promise<unknown>,
): Promise<void> {
  await send('POST', '/dashboard/budget', { amount: 3000, rollover: true });
  const food = (await listCategories(handle.db, USER)).find((c) => c.name === 'Food')!;
  await send('PUT', `/categories/${food.id}`, { name: 'Food', budget: 600, rollover: true });
  const from = startOfMonth(addDays(todayIn('UTC'), -SPAN_DAYS));
  await sql`UPDATE profiles SET budget_rollover_from = ${from} WHERE user_id = ${USER}`.execute(handle.db);
  await sql`UPDATE categories SET rollover_from = ${from} WHERE user_id = ${USER}`.execute(handle.db);
  for (const [store, amount] of [
    ['Streamly', 15.49],
    ['City Power', 88],
  ] as const)
    for (const k of [1, 2, 3]) await send('POST', '/receipts', { store, amount, date: addDays(todayIn('UTC'), -30 * k - 2) });
  for (const s of (await get('/recurring')) as Array<{ _id: string }>) await send('PUT', `/recurring/${s._id}`, { status: 'confirmed' });
}

async function newUser(handle: DbHandle, uid: string): Promise<void> {
  await insertProfile(handle.db, { user_id: uid, email: `${uid}@bench.local`, display_name: uid });
  await seedDefaultCategories(handle.db, uid);
}

async function time(calls: number, fn: () => Promise<unknown>): Promise<{ median: number; p99: number }> {
  for (let i = 0; i < Math.min(20, calls); i++) await fn(); // warm caches and plans
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], p99: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)] };
}

/** Groups the bench user's PRODUCT_NAMES most bought item names into one product, named by the first: its name. */
async function groupedProduct(handle: DbHandle, products: ProductService): Promise<string> {
  const names = await handle.db
    .selectFrom('item_names')
    .select('name')
    .where('user_id', '=', USER)
    .orderBy('purchases', 'desc')
    .orderBy('key')
    .limit(PRODUCT_NAMES)
    .execute();
  for (const { name } of names.slice(1)) await products.sameProduct(USER, name, names[0].name);
  return names[0].name;
}

const fmt = (n: number) => n.toFixed(2).padStart(8);

async function main(): Promise<void> {
  const driver = usePg ? 'PostgreSQL' : 'PGlite';
  console.log(`Analytics bench on ${driver}: sizes ${SIZES.join(', ')}; ${CALLS} calls per figure; ${os.cpus().length} CPUs`);
  // Every figure is asked for many times a minute: the per-person read limit would refuse the bench.
  const bench = await openBenchApp(usePg, USER, { READ_RATE_LIMIT_PER_MINUTE: '1000000' });
  const { app, handle } = bench;
  const service = new AnalyticsService(handle.db, app.clock);
  const dashboard = new DashboardService(handle.db, profileHooks, app.clock);
  const categories = new CategoryService(handle.db, categoryHooks, app.clock);
  const prices = new PriceService(handle.db);
  const products = new ProductService(handle.db);
  const headers = { authorization: 'Bearer bench.bench.bench' };
  const inject = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as unknown;
  };
  const post = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as unknown;
  };

  try {
    const t0 = performance.now();
    await newUser(handle, USER);
    for (let u = 1; u <= OTHER_USERS; u++) {
      const uid = `benchother${u}`;
      await newUser(handle, uid);
      await loadReceipts(handle, uid, 0, OTHER_RECEIPTS);
    }
    console.log(`other users: ${OTHER_USERS} x ${OTHER_RECEIPTS} receipts loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    await lookAhead(handle, inject, post);
    const others = Array.from({ length: OTHER_USERS }, (_, i) => `benchother${i + 1}`);
    const householdId = await householdOfFour(handle, others);

    const rows: string[] = [];
    let loaded = 0;
    let product: string | undefined;
    for (const size of SIZES) {
      const l0 = performance.now();
      await loadReceipts(handle, USER, loaded, size);
      await shareTenth(handle, householdId, [USER, ...others]);
      loaded = size;
      await sql`ANALYZE`.execute(handle.db);
      const totals = await sql<{ n: number }>`SELECT count(*)::int AS n FROM daily_totals WHERE user_id = ${USER}`.execute(handle.db);
      console.log(
        `${size.toLocaleString('en-US')} receipts loaded in ${((performance.now() - l0) / 1000).toFixed(1)} s (${totals.rows[0].n} daily_totals rows) ` +
          `(${(size * ITEMS_PER_RECEIPT).toLocaleString('en-US')} items)`,
      );
      const figures: Array<[string, () => Promise<unknown>]> = [];
      for (const range of ANALYTICS_RANGES) {
        figures.push([`service ${range}`, () => service.series(USER, { range })]);
        figures.push([`GET /api/analytics?range=${range}`, () => inject(`/api/analytics?range=${range}`)]);
      }
      figures.push(['GET /api/analytics/breakdown?range=monthly', () => inject('/api/analytics/breakdown?range=monthly')]);
      figures.push(['GET /api/analytics/breakdown?range=yearly', () => inject('/api/analytics/breakdown?range=yearly')]);
      // The routes answer from the read cache when called again: the services time the work itself.
      figures.push(['service dashboard (rollover, pace, forecast)', () => dashboard.get(USER, 'UTC')]);
      figures.push(['service categories (rollover)', () => categories.list(USER, 'UTC')]);
      figures.push(['GET /dashboard', () => inject('/dashboard')]);
      figures.push(['GET /categories', () => inject('/categories')]);
      const someone = (await sql<{ id: string }>`SELECT id FROM receipts WHERE user_id = ${USER} ORDER BY date DESC, id LIMIT 1`.execute(handle.db)).rows[0].id;
      let nth = 0;
      figures.push(["service an item's price history", () => prices.history(USER, `Item ${(nth++ * 37) % ITEM_NAMES}`)]);
      figures.push(['GET /api/prices?item=… (another each call)', () => inject(`/api/prices?item=${encodeURIComponent(`item ${(nth++ * 41) % ITEM_NAMES}`)}`)]);
      // A product bought under several names (issue 52): one index range of each name, as one name's.
      product ??= await groupedProduct(handle, products);
      figures.push([`service a ${PRODUCT_NAMES}-name product's price history`, () => prices.history(USER, product!)]);
      figures.push(["service a receipt's price notes (10 items)", () => prices.notes(USER, someone)]);
      // Every bench name shares the word 'item': the most candidates a proposal can have.
      figures.push([
        `service 'Maybe the same product' (${ITEM_NAMES.toLocaleString('en-US')} names)`,
        () => products.similar(USER, `Item ${(nth++ * 43) % ITEM_NAMES}`),
      ]);
      figures.push(['service items search "tem 12"', () => prices.items(USER, { search: `tem ${12 + (nth++ % 80)}` })]);
      for (const [name, fn] of figures) {
        const { median, p99 } = await time(CALLS, fn);
        rows.push(`| ${driver.padEnd(10)} | ${size.toLocaleString('en-US').padStart(9)} | ${name.padEnd(42)} | ${fmt(median)} | ${fmt(p99)} |`);
      }
      const list = await time(Math.min(CALLS, 20), () => inject('/receipts?limit=50'));
      rows.push(
        `| ${driver.padEnd(10)} | ${size.toLocaleString('en-US').padStart(9)} | ${'GET /receipts?limit=50 (20 calls)'.padEnd(42)} | ${fmt(list.median)} | ${fmt(list.p99)} |`,
      );
    }
    console.log(`\n| driver     |  receipts | call                                       | median ms |   p99 ms |`);
    console.log(`|------------|-----------|--------------------------------------------|----------:|---------:|`);
    for (const row of rows) console.log(row);
  } finally {
    await bench.close();
  }
}

runBench(main);
