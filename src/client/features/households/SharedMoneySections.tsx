import type { Household } from '../../../shared/households';
import { formatMoney } from '../../ui/money';
import { HouseholdSection, LoadedRows, SectionPager, SectionRow, usePageOffset } from './HouseholdSection';
import { useGetHistoryQuery, useGetSharedReceiptsQuery } from './householdsApi';
import { historyDate, historyLine, sharedReceiptLine } from './householdText';

/** The receipts shared with the household, newest first, a page at a time. */
export function SharedReceiptsSection({ household }: { household: Household }) {
  const { page, setPage, offset } = usePageOffset();
  const receipts = useGetSharedReceiptsQuery({ id: household._id, offset });
  return (
    <HouseholdSection title="Shared receipts">
      <>
        <LoadedRows
          label="Shared receipts"
          result={receipts}
          empty="No receipts are shared with this household yet. Share one when you save it, and each member's share counts towards the balances."
          failure="Failed to load the shared receipts"
          rows={({ items }) =>
            items.map((r) => (
              <SectionRow key={r._id} main={r.store} detail={sharedReceiptLine(r, household)} end={<strong>{formatMoney(r.amount, r.currency)}</strong>} />
            ))
          }
        />
        <SectionPager data={receipts.data} page={page} onPage={setPage} label="Shared receipts" />
      </>
    </HouseholdSection>
  );
}

/** Shares and payments, newest first, a page at a time. */
export function HistorySection({ household }: { household: Household }) {
  const { page, setPage, offset } = usePageOffset();
  const history = useGetHistoryQuery({ id: household._id, offset });
  return (
    <HouseholdSection title="History">
      <>
        <LoadedRows
          label="History"
          result={history}
          empty="Nothing has happened here yet: receipts shared and payments recorded will be listed here, newest first."
          failure="Failed to load the history"
          rows={({ items }) =>
            items.map((e) => (
              <SectionRow
                key={e.kind === 'share' ? `share-${e.receipt._id}` : `settlement-${e.settlement._id}`}
                main={historyLine(e, household)}
                detail={`${e.kind === 'share' ? 'Receipt shared' : 'Payment'} · ${historyDate(e)}`}
              />
            ))
          }
        />
        <SectionPager data={history.data} page={page} onPage={setPage} label="History" />
      </>
    </HouseholdSection>
  );
}
