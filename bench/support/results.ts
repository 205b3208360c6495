/**
 * bench/RESULTS.md: one row per benchmark with its latest figure, written by `npm run bench`.
 * Each benchmark prints its own tables; the headline figure is read back from that output here,
 * so the benchmarks stay plain scripts. A benchmark that fails, or whose output no longer has the
 * lines its reader looks for, keeps its previous row (and the run says so).
 */
import fs from 'node:fs';
import os from 'node:os';

export interface ResultRow {
  bench: string;
  command: string;
  figure: string;
  target: string;
  date: string;
  machine: string;
  load: string;
}

const COLUMNS = ['benchmark', 'command', 'latest figure', 'target', 'date', 'machine', 'load (1 min, start → end)'];

const INTRO = `# Benchmark results

The latest figure of each benchmark, written by \`npm run bench\` (\`npm run bench -- <name> …\` runs
only those; the names are the first column). A row changes only when its benchmark ran to the end.
Figures move with the machine, so compare two rows, or two runs, only from one machine on one day
and at a like load. How each benchmark measures is said at the top of its script in \`bench/\`.
`;

/** This machine, as a row names it: CPU model, cores and memory. */
export function machineName(): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  return `${cpu}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB`;
}

export const loadNow = (): number => os.loadavg()[0];

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The cells of a markdown table line, `\|` kept as text. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** The rows of an existing RESULTS.md, by benchmark name; none when the file is missing. */
export function readResults(file: string): Map<string, ResultRow> {
  const rows = new Map<string, ResultRow>();
  if (!fs.existsSync(file)) return rows;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('| `')) continue;
    const [bench, command, figure, target, date, machine, load] = cellsOf(line);
    const name = bench.replace(/`/g, '');
    rows.set(name, { bench: name, command, figure, target, date, machine, load });
  }
  return rows;
}

/** RESULTS.md with the rows in `order` (rows of benchmarks no longer run are dropped). */
export function writeResults(file: string, rows: Map<string, ResultRow>, order: string[]): void {
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const body = order
    .filter((name) => rows.has(name))
    .map((name) => {
      const r = rows.get(name)!;
      return line([`\`${name}\``, r.command, r.figure, r.target, r.date, r.machine, r.load]);
    });
  fs.writeFileSync(file, `${INTRO}\n${line(COLUMNS)}\n${line(COLUMNS.map(() => '---'))}\n${body.join('\n')}\n`);
}

/** The cells of every table line in a benchmark's output. */
export function tableRows(output: string): string[][] {
  return output
    .split('\n')
    .filter((l) => l.trim().startsWith('|') && !/^\|[-\s|:]+\|$/.test(l.trim()))
    .map(cellsOf);
}

/** The first capture of `re` in the output, or null. */
const find = (output: string, re: RegExp): string | null => re.exec(output)?.[1] ?? null;

const joined = (parts: (string | null)[]): string | null => (parts.length && parts.every((p) => p) ? parts.join('; ') : null);

/** Each benchmark's headline figure, read from its printed output; null when the output lacks it. */
export const FIGURES: Record<string, (output: string) => string | null> = {
  bundle: (out) => {
    const pages = tableRows(out).filter((c) => c[0].startsWith('/') && / KB$/.test(c[2] ?? ''));
    if (!pages.length) return null;
    const chart = find(out, /Chart\.js in the entry chunks: (.+)/);
    return `${pages.map((c) => `${c[0]} ${c[2]}`).join(', ')}; Chart.js in the entry chunks: ${chart ?? '?'}`;
  },
  api: (out) => {
    const routes = tableRows(out).filter((c) => /^GET /.test(c[0]) && /%$/.test(c[5] ?? ''));
    if (!routes.length) return null;
    const p99 = Math.max(...routes.map((c) => parseFloat(c[3])));
    return `${routes.map((c) => `${c[0]} ${c[1]} req/s (${c[5]} of bare Fastify, ${c[6]} CPU)`).join(', ')}; p99 ≤ ${p99} ms`;
  },
  abuse: (out) =>
    joined([
      find(out, /other user's GETs[^:]*: .*?(p99 [\d.]+ ms)/)?.replace(/^/, "other person's GET ") ?? null,
      // The same reads before the attack: this machine's own floor at its load then.
      find(out, /the same GETs before the attack[^:]*: .*?(p99 [\d.]+ ms)/)
        ?.replace(/^/, '(alone ')
        .replace(/$/, ')') ?? null,
      find(out, /\/healthz: .*?(p99 [\d.]+ ms)/)?.replace(/^/, '/healthz ') ?? null,
      find(out, /\/healthz: [\d]+ reads, (\d+ not answered 200)/),
      find(out, /API memory \(RSS\): (\d+ MB before, peak \d+ MB)/)?.replace(/^/, 'API RSS ') ?? null,
      find(out, /^ {2}target: .* — (met|NOT met)$/m)?.replace(/^/, 'target ') ?? null,
    ]),
  lighthouse: (out) => {
    const rows = tableRows(out).filter((c) => c.length >= 9 && /^(desktop|mobile)$/.test(c[1]));
    if (!rows.length) return null;
    const installable = find(out, /^Installable \(Chromium's check on the dashboard\): (.+)$/m);
    return joined([
      rows.map((c) => `${c[0]} ${c[1]} ${c[2]} (a11y ${c[3]}, LCP ${c[5]}, TBT ${c[6]})`).join('; '),
      installable && `installable: ${installable}`,
    ]);
  },
  analytics: (out) => {
    const rows = tableRows(out).filter((c) => c.length === 5 && /^[\d,]+$/.test(c[1]));
    if (!rows.length) return null;
    const size = Math.max(...rows.map((c) => Number(c[1].replace(/,/g, ''))));
    const atSize = rows.filter((c) => Number(c[1].replace(/,/g, '')) === size);
    // The figures that read totals; prices read items and are reported on their own below.
    const largest = atSize.filter((c) => !/price|items search|same product/.test(c[2]));
    const medians = largest.map((c) => parseFloat(c[3]));
    const call = (name: string) => atSize.find((c) => c[2].startsWith(name));
    const dash = call('service dashboard');
    const cats = call('service categories');
    const history = call("service an item's price history");
    const product = atSize.find((c) => c[2].includes("product's price history"));
    const notes = call("service a receipt's price notes");
    const search = call('service items search');
    const proposals = call("service 'Maybe the same product'");
    // The largest size's items: the load lines say each size's.
    const items = [...out.matchAll(/receipts loaded in .*\(([\d,]+) items\)/g)].map((m) => m[1]).pop();
    return (
      `${largest[0][0]} at ${size.toLocaleString('en-US')} receipts${items ? ` and ${items} items` : ''}: medians ${Math.min(...medians)}–${Math.max(...medians)} ms, p99 ≤ ${Math.max(...largest.map((c) => parseFloat(c[4])))} ms` +
      `${dash ? `; service dashboard ${dash[3]} ms (p99 ${dash[4]})` : ''}${cats ? `; service categories ${cats[3]} ms (p99 ${cats[4]})` : ''}` +
      `${history ? `; an item's price history ${history[3]} ms (p99 ${history[4]})` : ''}` +
      `${product ? `; ${product[2].replace(/^service /, '')} ${product[3]} ms (p99 ${product[4]})` : ''}${notes ? `; a receipt's price notes ${notes[3]} ms` : ''}` +
      `${search ? `; items search ${search[3]} ms` : ''}${proposals ? `; ${proposals[2].replace(/^service /, '')} ${proposals[3]} ms (p99 ${proposals[4]})` : ''}`
    );
  },
  recurring: (out) =>
    joined([
      find(out, /detection of the whole history[^|]*\| (median [\d.]+ ms \| p99 [\d.]+ ms)/)
        ?.replace(' | ', ', ')
        .replace(/^/, 'whole history ') ?? null,
      find(out, /saves through POST \/receipts \| (mean [\d.]+ ms) per save/)?.replace(/^/, 'a save ') ?? null,
      find(out, /a save at the grocer[^|]*\| (median [\d.]+ ms)/)?.replace(/^/, 'a save at the busiest store ') ?? null,
    ]),
  scan: (out) => {
    const rows = tableRows(out);
    const head = rows.find((c) => c[0] === 'field');
    if (!head) return null;
    const row = (label: string) => rows.find((c) => c[0] === label);
    const [store, date, total, items, addsUp, prices, pricesAddUp, reread, pricesReread, secs] = [
      'store',
      'date',
      'total',
      'items P / R / F1',
      'items P / R / F1 where the label adds up',
      'item prices to the cent, of items found by name',
      'item prices to the cent where the label adds up',
      'items P / R / F1, labels checked by hand',
      'item prices to the cent, labels checked by hand',
      's/receipt median, p90',
    ].map(row);
    if (!store || !date || !total || !secs) return null;
    const sets = head.slice(1).map((name, i) => {
      const f1 = items?.[i + 1]?.split(' / ')[2];
      const priced = prices?.[i + 1]?.split(' ')[0];
      const pricedAddUp = pricesAddUp?.[i + 1]?.split(' ')[0];
      // '0.88 / 0.89 / 0.89 (28 of 40)': the F1 and how many receipts' labels add up.
      const added = /^[\d.]+ \/ [\d.]+ \/ ([\d.]+) \((\d+ of \d+)\)$/.exec(addsUp?.[i + 1] ?? '');
      // '0.87 / 0.86 / 0.86 (8 corrected)': the F1 against the labels checked by hand, and how many were wrong.
      const rereadF1 = /^[\d.]+ \/ [\d.]+ \/ ([\d.]+) \((\d+) corrected\)$/.exec(reread?.[i + 1] ?? '');
      const rereadPriced = pricesReread?.[i + 1]?.split(' ')[0];
      const asReread = rereadF1
        ? ` [every label checked against its photo by hand, ${rereadF1[2]} corrected: items F1 ${rereadF1[1]}${rereadPriced && rereadPriced !== '–' ? `, item prices ${rereadPriced} to the cent` : ''}]`
        : '';
      const [median, p90] = secs[i + 1].split(', ');
      return `${name.replace(/ \(\d+\)$/, '')}: store/date/total ${store[i + 1]}/${date[i + 1]}/${total[i + 1]}${f1 && f1 !== '–' ? `, items F1 ${f1}` : ''}${added ? ` (${added[1]} where the label adds up, ${added[2]})` : ''}${priced && priced !== '–' ? `, item prices ${priced} to the cent${pricedAddUp && pricedAddUp !== '–' ? ` (${pricedAddUp} where the label adds up)` : ''}` : ''}${asReread}, ${median} s (p90 ${p90})`;
    });
    const peak = find(out, /^scan process peak RSS (\d+ MB)/m);
    const pdf = find(out, /^PDF: (text layer [\d.]+ ms median).*$/m);
    const pdfPages = find(out, /^PDF: text layer .*; (3-page scanned .*? = [\d.]+x)/m);
    const pdfRow = pdf && pdfPages ? `; PDF: ${pdf}, ${pdfPages.replace(' vs ', ' against ')}` : '';
    return `${sets.join('; ')}${peak ? `; scan process peak ${peak}` : ''}${pdfRow}`;
  },
  // Scanning that learns from a person's corrections: each field right, global → personal, train and dev replayed as one person.
  'personal-picker': (out) => find(out, /^(train as one person: .+)$/m),
  anchors: (out) => {
    const lines = [...out.matchAll(/^medians: (.+)$/gm)].map((m) => m[1]);
    return lines.length >= 2 ? `${lines.join('; ')} (medians)` : null;
  },
  memory: (out) => {
    const rows = tableRows(out).filter((c) => /^(PGlite|PostgreSQL)$/.test(c[0]));
    if (!rows.length) return null;
    return rows
      .map(
        (c) =>
          `${c[0]}: start ${c[1]}, idle ${c[2]}, scanning API / scan process / both ${c[3].replace(/ MB/g, '')} MB, after ${c[4]}, first scan / rest ${c[5]}`,
      )
      .join('; ');
  },
  import: (out) =>
    joined([
      find(out, /^commit: ([\d.]+ s, heap \+\d+ MB)/m)?.replace(/^/, 'commit ') ?? null,
      find(out, /^preview: ([\d.]+ s, heap \+\d+ MB)/m)?.replace(/^/, 'preview ') ?? null,
      find(out, /^(peak RSS \d+ MB)/m),
    ]),
  inbox: (out) => {
    const rows = tableRows(out);
    const head = rows.find((c) => c[0] === '' && c.length > 1);
    const row = (label: string) => rows.find((c) => c[0] === label);
    const [settled, perMinute, dashboard] = ['first upload to all settled', 'photos per minute', 'GET /dashboard p50 / p99 / max'].map(row);
    if (!head || !settled || !perMinute || !dashboard) return null;
    return head
      .slice(1)
      .map((name, i) => `${name}: all read in ${settled[i + 1]} (${perMinute[i + 1]}/min), GET /dashboard p99 ${dashboard[i + 1].split(' / ')[1]}`)
      .join('; ');
  },
  cluster: (out) => {
    const runs = tableRows(out).filter((c) => /^\d+$/.test(c[0]) && c.length >= 9);
    if (!runs.length) return null;
    return `${runs.map((c) => `${c[0]} instance${c[0] === '1' ? '' : 's'} ${c[1]} req/s (p99 ${c[3]}, errors ${c[4]}, API CPU ${c[6]} per request)`).join('; ')}`;
  },
  'home-currency': (out) =>
    joined(
      [
        find(out, /PUT \/api\/settings USD → EUR[^:]*: ([\d.]+ s)/)?.replace(/^/, 'the change to EUR ') ?? null,
        find(out, /PUT \/api\/settings EUR → USD[^:]*: ([\d.]+ s)/)?.replace(/^/, 'and back ') ?? null,
        find(out, /^receipts converted to EUR \(alone, rolled back\): ([\d.]+ s, this process [\d.]+ CPU s, heap \+\d+ MB)/m)?.replace(
          /^/,
          'the conversion alone ',
        ) ?? null,
      ].filter((p, i) => i < 2 || p),
    ),
  load: (out) =>
    joined([
      find(out, /Client side \(autocannon\): (\d+ req\/s)/),
      find(out, /\| overall \(server\) \|[^|]*\|[^|]*\|[^|]*\| ([\d.]+ ms) \|/)?.replace(/^/, 'server p99 ') ?? null,
      find(out, /Client side.*?(errors \d+, timeouts \d+, non-2xx \d+, 5xx \d+)/),
      find(out, /RSS: (first 10 s \d+ MB, last 10 s \d+ MB)/)?.replace(/^/, 'RSS ') ?? null,
    ]),
};
