/**
 * Detected segments -> the receipt's text lines. A printed line is often several segments
 * (a name on the left, its price on the right); they are joined in reading order along the
 * page's own slant, with a wide gap kept as a run of spaces, which the parser uses to tell
 * names from prices.
 */
import type { Box } from '../raster';
import type { LineLayout } from '../parser';
import type { ReadSegment } from './recognize';

export interface TextRow {
  text: string;
  /** Mean character probability of the row, 0-100 (the scale the parser reads). */
  conf: number;
  /** Upright bounding box in the decoded raster's pixels. */
  box: Box;
  /** Mean text height in pixels. */
  height: number;
  /** The row as the second recogniser read it, where it read any of its segments. */
  second?: string;
}

const WIDE_GAP = '    ';
const STRAY_BELOW = 0.8;
/** Largest slant of a segment against the page's that is taken as the line's own (radians). */
const MAX_TILT = (8 * Math.PI) / 180;
/** Long segments a local slant is measured on. */
const NEIGHBOURS = 7;

function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function boundsOf(segs: ReadSegment[]): Box {
  let left = Infinity,
    top = Infinity,
    right = -Infinity,
    bottom = -Infinity;
  for (const { region: r } of segs) {
    const hw = (Math.abs(r.width * Math.cos(r.angle)) + Math.abs(r.height * Math.sin(r.angle))) / 2;
    const hh = (Math.abs(r.width * Math.sin(r.angle)) + Math.abs(r.height * Math.cos(r.angle))) / 2;
    left = Math.min(left, r.cx - hw);
    right = Math.max(right, r.cx + hw);
    top = Math.min(top, r.cy - hh);
    bottom = Math.max(bottom, r.cy + hh);
  }
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Two segments grown into each other ("CORNER" and "R MARKET") read the shared letters twice:
 * drop from the second the start that repeats the end of the first.
 */
function withoutOverlap(prev: string, cur: string): string {
  for (let k = Math.min(3, cur.length - 1); k >= 1; k--) {
    const head = cur.slice(0, k);
    if (/\S\s$/.test(cur.slice(0, k + 1)) && prev.endsWith(head)) return cur.slice(k).trimStart();
  }
  return cur;
}

/** The median angle of the long segments nearest to height `cy` (the page's where there are too few). */
function localSlant(long: ReadSegment[], cy: number, skew: number): number {
  if (long.length < NEIGHBOURS) return skew;
  const nearest = [...long].sort((a, b) => Math.abs(a.region.cy - cy) - Math.abs(b.region.cy - cy)).slice(0, NEIGHBOURS);
  return median(nearest.map((s) => s.region.angle));
}

const clampTilt = (a: number) => Math.max(-MAX_TILT, Math.min(MAX_TILT, a));

export function rowsFromSegments(segments: ReadSegment[]): TextRow[] {
  // A lone character read unsure is a mark on the paper (or a gap read as a letter), not text.
  const segs = segments.filter((s) => s.text.length > 1 || (s.text.length === 1 && s.conf >= STRAY_BELOW));
  if (!segs.length) return [];
  // The page's slant: the median angle of the longer segments (short ones have noisy angles).
  const long = segs.filter((s) => s.region.width > 3 * s.region.height);
  const skew = median((long.length ? long : segs).map((s) => s.region.angle));
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const placed = segs.map((s) => ({
    s,
    x: s.region.cx * cos + s.region.cy * sin,
    y: -s.region.cx * sin + s.region.cy * cos,
    h: s.region.height,
    // The slant where the segment stands against the page's: a bent receipt, or one
    // photographed at an angle, slants differently at its top and its bottom.
    tilt: clampTilt(localSlant(long, s.region.cy, skew) - skew),
  }));
  type Placed = (typeof placed)[number];
  /** Where the row's line runs at `p`'s position: from its member nearest along the line, along their slant. */
  const lineAt = (members: Placed[], p: Placed): number => {
    let m = members[0];
    for (const q of members) if (Math.abs(q.x - p.x) < Math.abs(m.x - p.x)) m = q;
    // From the member's own box edge nearest to p, not its centre: the slant of a long name says little beyond its end.
    const edge = p.x > m.x ? Math.min(p.x, m.x + m.s.region.width / 2) : Math.max(p.x, m.x - m.s.region.width / 2);
    const yEdge = m.y + (edge - m.x) * Math.tan(m.s.region.angle - skew);
    // Across the gap: the two segments' own slant (a price printed far right slants with the paper
    // even where the names were read level) with the local slant of the long lines around them.
    const own = clampTilt((m.s.region.angle + p.s.region.angle) / 2 - skew);
    return yEdge + (p.x - edge) * Math.tan((own + (m.tilt + p.tilt) / 2) / 2);
  };
  // Long segments (names, whole lines) lay down the rows first; short ones (prices) then join the row whose line they sit on.
  const isLong = (p: Placed) => p.s.region.width > 3 * p.s.region.height;
  placed.sort((a, b) => Number(isLong(b)) - Number(isLong(a)) || a.y - b.y);
  const rows: { y: number; h: number; members: Placed[] }[] = [];
  for (const p of placed) {
    // The nearest of the last few rows whose line this segment sits on.
    let best: (typeof rows)[number] | null = null;
    let bestD = Infinity;
    for (const row of rows) {
      if (Math.abs(row.y - p.y) > 4 * Math.max(p.h, row.h)) continue;
      const d = Math.abs(p.y - lineAt(row.members, p));
      if (d < 0.45 * Math.min(p.h, row.h) + 0.1 * Math.max(p.h, row.h) && d < bestD) {
        best = row;
        bestD = d;
      }
    }
    if (best) {
      best.members.push(p);
      const n = best.members.length;
      best.y += (p.y - best.y) / n;
      best.h += (p.h - best.h) / n;
    } else {
      rows.push({ y: p.y, h: p.h, members: [p] });
    }
  }
  rows.sort((a, b) => a.y - b.y);
  return rows.map((row) => {
    const members = [...row.members].sort((a, b) => a.x - b.x);
    const first = joined(members, row.h, (s) => s);
    const box = boundsOf(members.map((m) => m.s));
    if (!members.some((m) => m.s.second)) return { ...first, box, height: row.h };
    return { ...first, box, height: row.h, second: joined(members, row.h, (s) => s.second ?? s).text };
  });
}

/** One row's text and confidence (0-100) from its segments left to right, each read as `reading` says. */
function joined(
  members: { x: number; s: ReadSegment }[],
  h: number,
  reading: (s: ReadSegment) => { text: string; conf: number },
): { text: string; conf: number } {
  const read = members.map((m) => reading(m.s));
  let text = read[0].text;
  for (let i = 1; i < members.length; i++) {
    const prev = members[i - 1];
    const cur = members[i];
    const gap = cur.x - cur.s.region.width / 2 - (prev.x + prev.s.region.width / 2);
    text += (gap > 0.9 * h ? WIDE_GAP : ' ') + (gap < 0 ? withoutOverlap(read[i - 1].text, read[i].text) : read[i].text);
  }
  const chars = read.reduce((n, r) => n + r.text.length, 0);
  const conf = read.reduce((n, r) => n + r.conf * r.text.length, 0) / Math.max(1, chars);
  return { text, conf: conf * 100 };
}

/** The rows as the parser reads them: text lines, and where each was printed. */
export function rowsToText(rows: TextRow[], page: Box): { text: string; layout: LineLayout[] } {
  return {
    text: rows.map((r) => r.text).join('\n'),
    layout: rows.map((r) => ({
      conf: r.conf,
      height: r.height,
      centre: r.box.left + r.box.width / 2,
      pageLeft: page.left,
      pageWidth: page.width,
      ...(r.second ? { second: r.second } : {}),
    })),
  };
}
