/**
 * Receipt-scan benchmark: runs labelled receipt images through the same pipeline as the API
 * (createReceiptScanner) and prints, for the train and dev sets side by side, per-field
 * accuracy, the OCR ceiling (how often the right value is anywhere in the recognised text),
 * item P/R/F1 and item prices to the cent among the items found by name (against the labels as
 * given, and with every label checked against its photo by hand: support/scanItemLabels.json), the tax read (against the hand labels of support/scanTaxLabels.json), how often
 * the review form's items check warns, latency and peak RSS, and a PDF row (support/scanPdf.ts). The train-dev gap is the honest sign
 * of over-fitting.
 *
 *   npx tsx bench/scan.ts [--sets train,dev] [--kinds sroie,us]
 *                         [--limit N] [--misses] [--dump file.json] [--cached] [--pdf] [folder ...]
 *
 * --pdf runs only the PDF row (text layer, a 3-page scanned PDF against one photo of the first
 * set, the longest PDF allowed and the scan process's peak memory); --help prints this usage.
 *
 * --cached parses the OCR readings cached by `npm run train:scan` (and caches missing ones):
 * the same accuracy in seconds, for iterating on the parser; its timings mean nothing.
 *
 * The datasets live outside the repo (../shared/datasets) and are read only here; they are
 * never copied into the product.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuSecondsOf, peakRssMbOf } from './support/procStats';
import { pdfRow } from './support/scanPdf';
import { createReceiptScanner, type ReceiptScanner, type ScanResult } from '../src/server/ocr';
import { parseReceiptDetailed } from '../src/server/ocr/parser';
import { closeCachedEngine, readCached } from './support/ocrCache';
import { evaluate, labelDate, type Label, type Outcome } from './support/scanScoring';

const DATASETS = process.env.TALLY_DATASETS ?? path.resolve(__dirname, '../../shared/datasets');
/** The tax each receipt prints, read off the images by hand (the datasets label none), by set and image. */
const TAX_LABELS = JSON.parse(fs.readFileSync(path.join(__dirname, 'support/scanTaxLabels.json'), 'utf8')) as Record<string, Record<string, number | null>>;
/**
 * The items of the receipts whose labels the photo contradicts, read again off the images by hand
 * (a price of the next row, a count multiplied in, a line left out), each with why; every label
 * was checked, blind to the scanner's output. The labels as given are scored too, side by side.
 */
const ITEM_LABELS = JSON.parse(fs.readFileSync(path.join(__dirname, 'support/scanItemLabels.json'), 'utf8')) as Record<
  string,
  Record<string, { why: string; items: NonNullable<Label['items']> }>
>;
const KINDS = { sroie: { prefix: 'sroie', order: 'DMY' as const }, us: { prefix: 'us-receipts', order: 'MDY' as const } };

/** An outcome, with its items scored against the hand re-read label too (the label's own where none was needed). */
type SetOutcome = Outcome & { itemsReread: Outcome['items'] };

interface SetResult {
  name: string;
  outcomes: SetOutcome[];
  secs: number[];
  cpu: number[];
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : 'n/a');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

/** Parses a cached OCR reading exactly as the paddle scanner parses a fresh one (accuracy only; no timing). */
async function scanCached(dir: string, file: string, order: 'DMY' | 'MDY'): Promise<ScanResult> {
  const read = await readCached(dir, file);
  const parsed = parseReceiptDetailed(read.text, { dateOrder: order, lineConf: read.layout.map((l) => l.conf), layout: read.layout });
  return { processed_data: parsed.receipt, raw_text: read.text, confidence: parsed.confidence, reasons: parsed.reasons };
}

async function runSet(
  scanner: ReceiptScanner | null,
  dir: string,
  order: 'DMY' | 'MDY',
  limit: number,
  showMisses: boolean,
  dump: Record<string, unknown>,
): Promise<SetResult> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
    .sort()
    .slice(0, limit);
  const outcomes: SetOutcome[] = [];
  const secs: number[] = [];
  const cpu: number[] = [];
  for (const f of files) {
    const labelPath = path.join(dir, f.replace(/\.[^.]+$/, '.json'));
    if (!fs.existsSync(labelPath)) continue;
    const label = JSON.parse(fs.readFileSync(labelPath, 'utf8')) as Label;
    const printedTax = TAX_LABELS[path.basename(dir)]?.[f];
    if (printedTax !== undefined) label.tax = printedTax;
    const img = fs.readFileSync(path.join(dir, f));
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const pid = scanner?.processId?.();
    const p0 = cpuSecondsOf(pid);
    const res = scanner ? await scanner.scan(img, { dateOrder: order }) : await scanCached(dir, f, order);
    secs.push((performance.now() - t0) / 1000);
    // CPU seconds of every thread of this process and of the scan process: what a scan costs,
    // whatever else runs.
    const c1 = process.cpuUsage(c0);
    const p1 = cpuSecondsOf(pid);
    cpu.push((c1.user + c1.system) / 1e6 + (p0 !== null && p1 !== null ? p1 - p0 : 0));
    const o = evaluate(res, label, order);
    const reread = ITEM_LABELS[path.basename(dir)]?.[f];
    outcomes.push({ ...o, itemsReread: reread ? evaluate(res, { ...label, items: reread.items }, order).items : o.items });
    dump[path.join(dir, f)] = {
      raw_text: res.raw_text,
      processed_data: res.processed_data,
      confidence: res.confidence,
      label,
      ok: o.ok,
      reread: reread?.items,
    };
    const taxMiss = o.tax === 'wrong' || o.tax === 'missed' || o.tax === 'spurious';
    if (showMisses && (!o.ok.store || !o.ok.date || !o.ok.total || taxMiss)) {
      const p = res.processed_data;
      console.log(
        `  ${f}: ${o.ok.store ? '' : `store ${JSON.stringify(p.store_name)} != ${JSON.stringify(label.company)}; `}` +
          `${o.ok.date ? '' : `date ${p.date} != ${labelDate(label.date, order)}; `}${o.ok.total ? '' : `total ${p.total_amount} != ${label.total}; `}` +
          `${taxMiss ? `tax ${p.tax} != ${label.tax}` : ''}`,
      );
    }
  }
  return { name: path.basename(dir), outcomes, secs, cpu };
}

function report(results: SetResult[]): void {
  const head = `| field | ${results.map((r) => `${r.name} (${r.outcomes.length})`).join(' | ')} |`;
  console.log(`\n${head}\n|---|${results.map(() => '---|').join('')}`);
  const row = (label: string, cell: (r: SetResult) => string) => console.log(`| ${label} | ${results.map(cell).join(' | ')} |`);
  for (const field of ['store', 'date', 'total'] as const) {
    row(field, (r) => pct(r.outcomes.filter((o) => o.ok[field]).length, r.outcomes.length));
  }
  for (const field of ['store', 'date', 'total'] as const) {
    row(`${field} in OCR text (ceiling)`, (r) => pct(r.outcomes.filter((o) => o.inText[field]).length, r.outcomes.length));
  }
  for (const field of ['store', 'date', 'total'] as const) {
    row(`${field} among the picker's candidates`, (r) => pct(r.outcomes.filter((o) => o.inCandidates[field]).length, r.outcomes.length));
  }
  for (const field of ['store', 'date', 'total'] as const) {
    // Calibration: how often a field the scanner called sure (>= 0.6) was right, and how many it called sure.
    row(`${field}: right when sure / share sure`, (r) => {
      const sure = r.outcomes.filter((o) => o.conf[field] >= 0.6);
      return `${pct(sure.filter((o) => o.ok[field]).length, sure.length)} / ${pct(sure.length, r.outcomes.length)}`;
    });
  }
  type Items = (o: SetOutcome) => Outcome['items'];
  const asLabelled: Items = (o) => o.items;
  const asReread: Items = (o) => o.itemsReread;
  const itemScores = (outcomes: SetOutcome[], itemsOf: Items = asLabelled) => {
    const withItems = outcomes.map(itemsOf).filter((i) => i !== null);
    if (!withItems.length) return '–';
    const tp = withItems.reduce((n, i) => n + i.matched, 0);
    const pred = withItems.reduce((n, i) => n + i.predicted, 0);
    const gold = withItems.reduce((n, i) => n + i.labelled, 0);
    const p = pred ? tp / pred : 0;
    const rc = gold ? tp / gold : 0;
    const f1 = p + rc ? (2 * p * rc) / (p + rc) : 0;
    // Three places: a target of 0.88 is not met by 0.875.
    return `${p.toFixed(3)} / ${rc.toFixed(3)} / ${f1.toFixed(3)}`;
  };
  row('items P / R / F1', (r) => itemScores(r.outcomes));
  // The same, on the receipts whose labelled items add up to an amount printed on them: how much
  // of the gap is the labels' own.
  row('items P / R / F1 where the label adds up', (r) => {
    const addsUp = r.outcomes.filter((o) => o.items?.labelAddsUp);
    return addsUp.length ? `${itemScores(addsUp)} (${addsUp.length} of ${r.outcomes.filter((o) => o.items).length})` : '–';
  });
  row('items P / R / F1, labels checked by hand', (r) => {
    const reread = r.outcomes.filter((o) => o.itemsReread !== o.items).length;
    return `${itemScores(r.outcomes, asReread)} (${reread} corrected)`;
  });
  row('tax: read exactly / wrong / missed, of those printing one', (r) => {
    const printed = r.outcomes.filter((o) => o.tax === 'exact' || o.tax === 'wrong' || o.tax === 'missed');
    if (!printed.length) return '–';
    const n = (t: string) => printed.filter((o) => o.tax === t).length;
    return `${pct(n('exact'), printed.length)} / ${pct(n('wrong'), printed.length)} / ${pct(n('missed'), printed.length)} (${printed.length})`;
  });
  row('tax read where none is printed', (r) => {
    const none = r.outcomes.filter((o) => o.tax === 'none' || o.tax === 'spurious');
    return none.length ? `${none.filter((o) => o.tax === 'spurious').length} of ${none.length}` : '–';
  });
  // Of the label's items read by name, how many with the right price: the prices apart from the names.
  const pricedShare = (outcomes: SetOutcome[], itemsOf: Items = asLabelled) => {
    const withItems = outcomes.map(itemsOf).filter((i) => i !== null);
    if (!withItems.length) return '–';
    const named = withItems.reduce((n, i) => n + i.named, 0);
    return `${pct(
      withItems.reduce((n, i) => n + i.priced, 0),
      named,
    )} (${named})`;
  };
  row('item prices to the cent, of items found by name', (r) => pricedShare(r.outcomes));
  row('item prices to the cent where the label adds up', (r) => pricedShare(r.outcomes.filter((o) => o.items?.labelAddsUp)));
  row('item prices to the cent, labels checked by hand', (r) => pricedShare(r.outcomes, asReread));
  // A false warning: the label's items and total typed in, with what the scan read of the tax (and the rest).
  row('items check: false warnings, items and total as labelled', (r) => {
    const checked = r.outcomes.filter((o) => o.itemsCheck.labelledWarns !== null);
    return checked.length ? `${pct(checked.filter((o) => o.itemsCheck.labelledWarns).length, checked.length)} (${checked.length})` : '–';
  });
  row('items check on the scan as read: warns when right / when wrong', (r) => {
    const known = r.outcomes.filter((o) => o.itemsCheck.scannedRight !== null);
    if (!known.length) return '–';
    const right = known.filter((o) => o.itemsCheck.scannedRight);
    const wrong = known.filter((o) => !o.itemsCheck.scannedRight);
    const warned = (os: Outcome[]) => `${pct(os.filter((o) => o.itemsCheck.scannedWarns).length, os.length)} (${os.length})`;
    return `${warned(right)} / ${warned(wrong)}`;
  });
  row('items check warns on the scan as read', (r) => pct(r.outcomes.filter((o) => o.itemsCheck.scannedWarns).length, r.outcomes.length));
  row('s/receipt median, p90', (r) => `${quantile(r.secs, 0.5).toFixed(2)}, ${quantile(r.secs, 0.9).toFixed(2)}`);
  row('CPU s/receipt median, p90', (r) => `${quantile(r.cpu, 0.5).toFixed(2)}, ${quantile(r.cpu, 0.9).toFixed(2)}`);
}

const USAGE = `npx tsx bench/scan.ts [--sets train,dev] [--kinds sroie,us] [--limit N] [--misses] [--dump file.json] [--cached] [--pdf] [folder ...]
  --sets, --kinds  which labelled sets to read (default: train and dev of both kinds)
  --limit N        the first N receipts of each set
  --misses         print each field read wrong
  --dump file      write every outcome to a JSON file
  --cached         parse cached OCR readings (accuracy in seconds, no timings)
  --pdf            only the PDF row (text layer, 3-page scanned PDF vs one photo, longest PDF and its memory)`;

async function main() {
  const args = process.argv.slice(2);
  let sets = ['train', 'dev'];
  let kinds = Object.keys(KINDS) as (keyof typeof KINDS)[];
  let limit = Infinity;
  let dumpFile: string | null = null;
  let showMisses = false;
  let cached = false;
  let pdfOnly = false;
  const dirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--sets') sets = (args[++i] ?? '').split(',');
    else if (a === '--kinds') kinds = (args[++i] ?? '').split(',') as typeof kinds;
    else if (a === '--limit') limit = Number(args[++i]);
    else if (a === '--misses') showMisses = true;
    else if (a === '--cached') cached = true;
    else if (a === '--pdf') pdfOnly = true;
    else if (a === '--help' || a === '-h') return console.log(USAGE);
    else if (a === '--dump') dumpFile = args[++i];
    else dirs.push(a);
  }
  const plan = dirs.length
    ? dirs.map((dir) => ({ dir, order: /sroie/i.test(dir) ? ('DMY' as const) : ('MDY' as const) }))
    : kinds.flatMap((k) => sets.map((s) => ({ dir: path.join(DATASETS, `${KINDS[k].prefix}-${s}`), order: KINDS[k].order })));
  const t0 = performance.now();
  const scanner = cached ? null : await createReceiptScanner();
  console.log(cached ? 'cached paddle readings (accuracy only)' : `PP-OCR ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const dump: Record<string, unknown> = {};
  const results: SetResult[] = [];
  // What an API sharing this process would feel: the longest stalls of the event loop while scanning.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let scanPeakMb: number | null = null;
  try {
    for (const s of pdfOnly ? [] : plan) {
      results.push(await runSet(scanner, s.dir, s.order, limit, showMisses, dump));
      console.log(`${results[results.length - 1].name} done`);
    }
    // The PDF row prints its own peak: the sets' is taken before it.
    scanPeakMb = pdfOnly ? null : peakRssMbOf(scanner?.processId?.());
    if (scanner && plan.length) await pdfRow(scanner, plan[0].dir);
  } finally {
    await scanner?.close();
    await closeCachedEngine();
  }
  loop.disable();
  if (results.length) report(results);
  console.log(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.availableParallelism()} cores`,
  );
  if (scanPeakMb !== null) console.log(`scan process peak RSS ${scanPeakMb.toFixed(0)} MB`);
  console.log(
    `this process's peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  );
  if (dumpFile) fs.writeFileSync(dumpFile, JSON.stringify(dump, null, 1));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
