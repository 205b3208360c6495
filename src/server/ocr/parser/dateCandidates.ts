/**
 * Candidates for the purchase date: every date read on the receipt, described by how it was
 * printed (format), what stands beside it (a 'date' label, a time, an expiry or due label), where
 * it stands and whether it is plausible for a purchase. The fitted weights decide.
 */
import type { Features } from '../picker/model';
import { datesInLine, plausibility, type DateOrder } from './date';
import type { Line } from './text';

export interface DateCandidate {
  value: string;
  features: Features;
  /** The date as first printed ('04/28/2018'), for the review screen's reason. */
  printed: string;
}

export function dateCandidates(lines: Line[], order: DateOrder, today: Date): DateCandidate[] {
  const n = Math.max(1, lines.length);
  const found = new Map<string, { pos: number; score: number; line: string; printed: string }[]>();
  lines.forEach((line, pos) => {
    for (const d of datesInLine(line.text, order))
      found.set(d.date, [...(found.get(d.date) ?? []), { pos, score: d.score, line: line.text, printed: d.printed }]);
  });
  const firstPos = Math.min(...[...found.values()].map((o) => o[0].pos));
  return [...found.entries()].map(([value, occs]) => {
    const any = (re: RegExp) => (occs.some((o) => re.test(o.line)) ? 1 : 0);
    return {
      value,
      printed: occs[0].printed,
      features: {
        format: Math.max(...occs.map((o) => o.score)) / 3,
        date_label: any(/\bdate\b|\bdt\b|tarikh/i),
        time_beside: any(/\d{1,2}:\d{2}/),
        other_label: any(/\b(expir|exp\.?|valid|due|best before|return|birth|since|member)/i),
        implausible: plausibility(value, today) < 0 ? 1 : 0,
        position: occs[0].pos / n,
        first_date: occs[0].pos === firstPos ? 1 : 0,
        count: Math.log1p(occs.length),
      },
    };
  });
}
