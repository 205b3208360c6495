import type { RestoreAnswer } from '../../../shared/backup';

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a restore brought back, for people: 'Restored 12 receipts with 9 originals and 7 categories'. */
export function restoredText({ restored }: RestoreAnswer): string {
  return `Restored ${counted(restored.receipts, 'receipt')} with ${counted(restored.originals, 'original')} and ${counted(restored.categories, 'category', 'categories')}`;
}
