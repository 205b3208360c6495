/**
 * A store's name as receipts of one store are grouped (recurring bills, kept in receipts.store_key):
 * letters and digits, lower-case, accents dropped, branch numbers ('#1234', '0042') dropped.
 */
export function storeKey(store: string): string {
  return store
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9#]+/)
    .filter((w) => w && !/^#?\d+$/.test(w))
    .join(' ');
}
