import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../api/api';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { amountInputValue } from '../../ui/amountInput';
import { isCurrencyCode } from '../../../shared/currency';
import type { LikeReceipt, SameReceiptAnswer, SameReceiptQuery } from '../../../shared/receipts';
import { RECEIPT_LIST_TAG } from './receiptChanges';
import { validateReceiptBasics } from './receiptRules';

/**
 * Every way a receipt comes in (Add Transaction, the single scan, the review queue) asks the
 * server the same question before saving: is this a receipt already saved, or an imported bank
 * row's? The answer is offered, and saving a second copy takes an explicit choice.
 */

/** The lookup as sent: a draft's also compares its photo. */
export interface SameReceiptLookup extends SameReceiptQuery {
  draftId?: string;
}

export const sameReceiptApi = api.injectEndpoints({
  endpoints: (build) => ({
    findSameReceipt: build.query<SameReceiptAnswer, SameReceiptLookup>({
      query: ({ draftId, ...params }) => ({ url: draftId ? `/receipts/drafts/${encodeURIComponent(draftId)}/match` : '/receipts/match', params }),
      // Any receipt saved, edited, deleted or imported may change the answer.
      providesTags: [RECEIPT_LIST_TAG],
    }),
  }),
});

/** The fields a form has typed, as a lookup: null until store, date and amount are ones that could be saved. */
export function sameReceiptQuery(typed: { store: string; date: string; amount: string; currency: string }): SameReceiptQuery | null {
  const errors = validateReceiptBasics({ ...typed, items: [] });
  if (errors.store || errors.date || errors.amount || !isCurrencyCode(typed.currency)) return null;
  return { store: typed.store.trim(), date: typed.date.trim(), amount: amountInputValue(typed.amount, typed.currency), currency: typed.currency };
}

/** How the person chose to save a receipt that looks like another: into that bank row, or as a new receipt. */
export interface SaveChoice {
  intoId?: string;
}

export interface SameReceiptCheck {
  /** The receipt the values typed look like, or null. */
  match: LikeReceipt | null;
  /** The id of the choice's buttons: a save that meets a match moves the focus there. */
  choiceId: string;
  /** A choice's button: submits the form (checked as Save checks it), saving as chosen. */
  choose: (form: HTMLFormElement | null, choice: SaveChoice) => void;
  /**
   * The form's submit: validates (`handleSubmit`), then saves as chosen, or, when no choice was
   * made and the values look like a receipt saved or imported, saves nothing and moves the focus
   * to the choice (so Enter in a field never saves a second copy).
   */
  guardSubmit: <V>(
    handleSubmit: (onValid: (values: V) => void) => (e: FormEvent) => void,
    queryOf: (values: V) => SameReceiptQuery | null,
    save: (values: V, choice: SaveChoice) => Promise<void>,
  ) => (e: FormEvent) => void;
}

const keyOf = (lookup: SameReceiptLookup | null) => (lookup ? JSON.stringify(lookup) : null);

/**
 * The check of one form. `query`: what it has typed now (asked once it stops changing); `draftId`:
 * the draft being reviewed; `known`: what the server said of the values the form opened with (a
 * draft's duplicate_of), shown until it answers and when it cannot be asked.
 */
export function useSameReceiptCheck(
  query: SameReceiptQuery | null,
  { draftId, known = null }: { draftId?: string; known?: LikeReceipt | null } = {},
): SameReceiptCheck {
  const lookupOf = (q: SameReceiptQuery | null): SameReceiptLookup | null => q && (draftId ? { ...q, draftId } : q);
  const key = keyOf(lookupOf(query));
  const [openedWith] = useState(key);
  const settled = useDebouncedValue(key, 400);
  const { currentData } = sameReceiptApi.useFindSameReceiptQuery(settled ? (JSON.parse(settled) as SameReceiptLookup) : skipToken);
  const [ask] = sameReceiptApi.useLazyFindSameReceiptQuery();
  // The answer a save asked for: shown at once, before the typing has settled.
  const [checked, setChecked] = useState<{ key: string; match: LikeReceipt | null } | null>(null);
  const [focusAsked, setFocusAsked] = useState(0);
  const choiceId = useId();
  const chosen = useRef<SaveChoice | null>(null);

  const knownFor = (k: string | null) => (k !== null && k === openedWith ? known : null);
  const match = checked && checked.key === key ? checked.match : settled === key && currentData ? currentData.match : knownFor(key);

  useEffect(() => {
    if (focusAsked) document.getElementById(choiceId)?.querySelector<HTMLElement>('button')?.focus();
  }, [focusAsked, choiceId]);

  /** The match for values about to be saved, asked now (the cache answers when it knows). */
  const matchNow = async (q: SameReceiptQuery): Promise<LikeReceipt | null> => {
    const lookup = lookupOf(q)!;
    const k = keyOf(lookup)!;
    let found: LikeReceipt | null;
    try {
      found = (await ask(lookup, true).unwrap()).match;
    } catch {
      // Not asked (the server out of reach): the save goes ahead and says so, but a match known stands.
      found = knownFor(k);
    }
    setChecked({ key: k, match: found });
    return found;
  };

  return {
    match,
    choiceId,
    choose: (form, choice) => {
      chosen.current = choice;
      form?.requestSubmit();
    },
    guardSubmit: (handleSubmit, queryOf, save) => (e) => {
      const choice = chosen.current;
      chosen.current = null;
      handleSubmit((values) => {
        void (async () => {
          const q = queryOf(values);
          if (!choice && q && (await matchNow(q))) {
            setFocusAsked((n) => n + 1);
            return;
          }
          await save(values, choice ?? {});
        })();
      })(e);
    },
  };
}
