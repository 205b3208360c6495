import { sql, type RawBuilder } from 'kysely';

/**
 * What search ignores: ASCII punctuation (LIKE's wildcards and escape among them), typographic
 * quotes and white space. The same set on both sides, in JavaScript and in SQL.
 */
// One list, spelled out, for both sides; no class ([:punct:], \s) and no range: in SQL those
// follow the server's locale ('¡' sorts between '!' and '/'), and the two sides would not meet.
const IGNORED = ` \t\n\r\f\v!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~\u2018\u2019\u201C\u201D`;
const IGNORED_JS = new RegExp(`[${[...IGNORED].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`, 'g');
const IGNORED_SQL = `[${[...IGNORED].map((c) => `\\${c}`).join('')}]`;

/** Search text as compared: without punctuation and spaces ('Trader Joe's' and 'trader joes' meet). */
export function searchKey(text: string): string {
  return text.replace(IGNORED_JS, '');
}

/**
 * receipts.search_text of the receipt aliased `r`: its store, its items' names, the text read off
 * its image and its description, each as searchKey keeps it, apart by a control character no
 * search contains.
 */
export function searchTextOf(r: string): RawBuilder<string> {
  const id = sql.ref(`${r}.id`);
  const parts = sql`${sql.ref(`${r}.store`)}
    || chr(1) || coalesce((SELECT string_agg(i.name, chr(1) ORDER BY i.position) FROM receipt_items i WHERE i.receipt_id = ${id}), '')
    || chr(1) || coalesce(${sql.ref(`${r}.ocr_text`)}, '')
    || chr(1) || ${sql.ref(`${r}.description`)}`;
  return sql<string>`regexp_replace(${parts}, ${IGNORED_SQL}, '', 'g')`;
}
