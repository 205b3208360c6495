/**
 * RFC 4180 CSV: fields quoted when they hold a comma, quote or line break (quotes doubled),
 * CRLF after every record.
 */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * Text a spreadsheet would run as a formula ('=HYPERLINK(…)', '+1+cmd|…', '@SUM(…)') gets a
 * leading quote so it is shown as text. A plain number such as a refund's '-5.00' cannot run
 * anything and stays a number.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function cell(value: CsvValue): string {
  if (value === null) return '';
  const text = defuseFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
