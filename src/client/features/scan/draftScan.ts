import type { Draft } from '../../../shared/drafts';
import type { ScanReceiptResult } from '../../../shared/scan';

export const DRAFT_STATE_LABEL: Record<Draft['status'], string> = {
  queued: 'Reading…',
  scanning: 'Reading…',
  ready: 'Ready to review',
  failed: 'Could not read this receipt',
};

/** A ready draft as the scan answer the review form reads; null until it is ready. */
export function scanOfDraft(draft: Draft): ScanReceiptResult | null {
  if (draft.status !== 'ready' || !draft.processed_data || !draft.confidence) return null;
  return {
    processed_data: draft.processed_data,
    confidence: draft.confidence,
    raw_text: draft.raw_text ?? '',
    date_order: draft.date_order ?? 'MDY',
    suggested_date_order: draft.suggested_date_order,
    currency: draft.currency,
    scan_ref: draft.scan_ref ?? '',
    suggested_category_id: draft.suggested_category_id,
    store_remembered: draft.store_remembered,
    ...(draft.reasons ? { reasons: draft.reasons } : {}),
    ...(draft.read_id ? { read_id: draft.read_id } : {}),
  };
}

/** Whether a draft can be dealt with now (read, or given up on), not still being read. */
export const isSettled = (draft: Draft) => draft.status === 'ready' || draft.status === 'failed';

/**
 * The draft to show after `doneId` is saved or discarded: the next settled one after it in the
 * list, else the first settled one, else any; null when none is left.
 */
export function nextDraftId(drafts: readonly Draft[], doneId: string | null): string | null {
  const rest = drafts.filter((d) => d._id !== doneId);
  const at = drafts.findIndex((d) => d._id === doneId);
  const after = at < 0 ? rest : [...drafts.slice(at + 1), ...drafts.slice(0, at)];
  return (after.find(isSettled) ?? rest[0])?._id ?? null;
}
