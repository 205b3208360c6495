/**
 * Receipt-scan benchmark: runs labelled receipt images through the same pipeline as the API
 * (createReceiptScanner) and prints per-field accuracy, item P/R/F1, latency and peak RSS.
 *
 *   npx tsx bench/scan.ts [folder] [--date-order DMY|MDY] [--misses] [--dump file.json]
 *
 * With no folder it runs both dev sets with their date orders. The datasets live outside the
 * repo (../shared/datasets) and are read only here; they are never copied into the product.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createReceiptScanner, type ReceiptScanner } from '../src/server/ocr';

const DATASETS = process.env.TALLY_DATASETS ?? '/work/shared/datasets';
const DEFAULT_SETS: { dir: string; order: 'DMY' | 'MDY' }[] = [
  { dir: path.join(DATASETS, 'sroie-dev'), order: 'DMY' },
  { dir: path.join(DATASETS, 'us-receipts-dev'), order: 'MDY' },
];

interface Label {
  company?: string | null;
  date?: string | null;
  total?: string | number | null;
  items?: { name: string; price: string | number; quantity?: number }[];
}

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
const money = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(String(v).replace(/^\s*(RM|MYR|\$|USD)\s*/i, '').replace(/,/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Normalise a label date as printed (30/03/2018, 01-03-18, 25 MAR 2018, 14/MAY/2017) to YYYY-MM-DD. */
function labelDate(s: string | null | undefined, order: 'DMY' | 'MDY'): string | null {
  if (!s) return null;
  const t = s.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  const fmt = (y: number, mo: number, d: number) => `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (m) return fmt(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})$/.exec(t);
  if (m) {
    const y = m[3].length === 2 ? 2000 + +m[3] : +m[3];
    return order === 'DMY' ? fmt(y, +m[2], +m[1]) : fmt(y, +m[1], +m[2]);
  }
  // Any of the usual separators between the parts: 25 MAR 2018, 24-MAR-2018, 14/MAY/2017.
  m = /^(\d{1,2})[\s/.-]*([A-Za-z]{3})[A-Za-z]*[\s,/.-]*(\d{2,4})$/.exec(t);
  if (m) {
    const y = m[3].length === 2 ? 2000 + +m[3] : +m[3];
    return fmt(y, MONTHS.indexOf(m[2].toLowerCase()) + 1, +m[1]);
  }
  m = /^([A-Za-z]{3})[A-Za-z]*\s+(\d{1,2}),?\s+(\d{2,4})$/.exec(t);
  if (m) {
    const y = m[3].length === 2 ? 2000 + +m[3] : +m[3];
    return fmt(y, MONTHS.indexOf(m[1].toLowerCase()) + 1, +m[2]);
  }
  return t;
}

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** Greedy one-to-one item matching: same line price to the cent, >= half the label's words. */
function matchItems(pred: { name: string; price: number }[], gold: { name: string; price: string | number }[]): number {
  const used = new Set<number>();
  let hits = 0;
  for (const g of gold) {
    const gw = words(g.name);
    const gp = money(g.price);
    const idx = pred.findIndex((p, i) => {
      if (used.has(i) || Math.round(p.price * 100) !== gp) return false;
      const pw = new Set(words(p.name));
      const common = gw.filter((w) => pw.has(w)).length;
      return common * 2 >= gw.length;
    });
    if (idx >= 0) { used.add(idx); hits++; }
  }
  return hits;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : 'n/a');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

async function runSet(scanner: ReceiptScanner, dir: string, order: 'DMY' | 'MDY', showMisses: boolean, dump: Record<string, unknown>) {
  const files = fs.readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  let store = 0, date = 0, total = 0, totalLabelled = 0;
  let tp = 0, predN = 0, goldN = 0, itemSets = 0;
  const secs: number[] = [];
  const cpu: number[] = [];
  for (const f of files) {
    const labelPath = path.join(dir, f.replace(/\.[^.]+$/, '.json'));
    if (!fs.existsSync(labelPath)) continue;
    const label = JSON.parse(fs.readFileSync(labelPath, 'utf8')) as Label;
    const img = fs.readFileSync(path.join(dir, f));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await scanner.scan(img, { dateOrder: order });
    secs.push((performance.now() - t0) / 1000);
    // CPU seconds of the whole process (main + worker threads): insensitive to other load.
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1e6);
    const p = res.processed_data;
    const ok = {
      store: norm(p.store_name) === norm(label.company),
      date: p.date === labelDate(label.date, order),
      total: (p.total_amount === null ? null : Math.round(p.total_amount * 100)) === money(label.total),
    };
    store += +ok.store; date += +ok.date; total += +ok.total;
    if (money(label.total) !== null) totalLabelled++;
    if (Array.isArray(label.items)) {
      itemSets++;
      tp += matchItems(p.items, label.items);
      predN += p.items.length;
      goldN += label.items.length;
    }
    dump[path.join(dir, f)] = { raw_text: res.raw_text, processed_data: p, label };
    if (showMisses && (!ok.store || !ok.date || !ok.total)) {
      console.log(`  ${f}: ${ok.store ? '' : `store ${JSON.stringify(p.store_name)} != ${JSON.stringify(label.company)}; `}` +
        `${ok.date ? '' : `date ${p.date} != ${labelDate(label.date, order)}; `}${ok.total ? '' : `total ${p.total_amount} != ${label.total}`}`);
    }
  }
  const n = secs.length;
  const prec = predN ? tp / predN : 0;
  const rec = goldN ? tp / goldN : 0;
  const f1 = prec + rec ? (2 * prec * rec) / (prec + rec) : 0;
  console.log(`\n${path.basename(dir)} (${n} receipts, date order ${order})`);
  console.log('| field | exactly right |');
  console.log('|---|---|');
  console.log(`| store | ${pct(store, n)} (${store}/${n}) |`);
  console.log(`| date | ${pct(date, n)} (${date}/${n}) |`);
  console.log(`| total | ${pct(total, n)} (${total}/${n}) |`);
  if (itemSets) {
    console.log(`| items P/R/F1 | ${prec.toFixed(2)} / ${rec.toFixed(2)} / ${f1.toFixed(2)} (${tp} matched, ${predN} predicted, ${goldN} labelled) |`);
  }
  console.log(`| s/receipt median, p90 | ${quantile(secs, 0.5).toFixed(2)}, ${quantile(secs, 0.9).toFixed(2)} |`);
  console.log(`| CPU s/receipt median, p90 | ${quantile(cpu, 0.5).toFixed(2)}, ${quantile(cpu, 0.9).toFixed(2)} |`);
  console.log(`| peak RSS | ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB |`);
}

async function main() {
  const args = process.argv.slice(2);
  let order: 'DMY' | 'MDY' | null = null;
  let dumpFile: string | null = null;
  let showMisses = false;
  const dirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--date-order') {
      const v = (args[++i] ?? '').toUpperCase();
      if (v !== 'DMY' && v !== 'MDY') throw new Error('--date-order must be DMY or MDY');
      order = v;
    } else if (a === '--misses') showMisses = true;
    else if (a === '--dump') dumpFile = args[++i];
    else dirs.push(a);
  }
  const sets = dirs.length
    ? dirs.map((dir) => ({ dir, order: order ?? (/sroie/i.test(dir) ? 'DMY' as const : 'MDY' as const) }))
    : DEFAULT_SETS.map((s) => ({ ...s, order: order ?? s.order }));
  const t0 = performance.now();
  const scanner = await createReceiptScanner({});
  console.log(`scanner ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, pool ${scanner.stats().size}`);
  const dump: Record<string, unknown> = {};
  try {
    for (const s of sets) await runSet(scanner, s.dir, s.order, showMisses, dump);
  } finally {
    await scanner.close();
  }
  if (dumpFile) fs.writeFileSync(dumpFile, JSON.stringify(dump, null, 1));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
