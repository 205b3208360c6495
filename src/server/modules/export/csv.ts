/**
 * RFC 4180 CSV: fields quoted when they hold a comma, semicolon, quote or line break (quotes doubled),
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
  // ';' too: where it is the list separator (much of Europe) a spreadsheet would split
  // 'Shop;=1+1' there and run the second half as a formula; quoted, it stays one text cell.
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const record = (values: CsvValue[]) => values.map(cell).join(',') + '\r\n';

export const csvHeader = (header: string[]): string => record(header);

/** Records without a header, so a long file can be written a page at a time. */
export const csvRows = (rows: CsvValue[][]): string => rows.map(record).join('');
