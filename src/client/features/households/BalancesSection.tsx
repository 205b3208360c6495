import { useId, useState } from 'react';
import { Button } from '@mui/material';
import type { Debt, Household } from '../../../shared/households';
import { failureMessage } from '../../api/failureMessage';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { LoadedRows, HouseholdSection, SectionRow } from './HouseholdSection';
import { useGetBalancesQuery, useSettleUpMutation } from './householdsApi';
import { concernsMe, debtLine, myDebtsFirst } from './householdText';
import { SettleUpDialog } from './SettleUpDialog';

/** Who owes whom in the household, and settling up a balance I am part of. */
export function BalancesSection({ household }: { household: Household }) {
  const dispatch = useAppDispatch();
  const id = household._id;
  const me = household.my_member_id;
  const balances = useGetBalancesQuery(id);
  const lineIds = useId();
  const [settle, settling] = useSettleUpMutation();
  const [open, setOpen] = useState(false);
  const [debt, setDebt] = useState<Debt | null>(null);
  const [error, setError] = useState<string | null>(null);

  const settleUp = (d: Debt) => {
    setError(null);
    setDebt(d);
    setOpen(true);
  };

  const save = async (amount: number) => {
    if (!debt) return;
    setError(null);
    try {
      await settle({ id, body: { from_member_id: debt.from_member_id, to_member_id: debt.to_member_id, amount, currency: debt.currency } }).unwrap();
      dispatch(toastShown('Payment recorded', 'success'));
      setOpen(false);
    } catch (err) {
      setError(failureMessage('Failed to record the payment', err));
    }
  };

  return (
    <HouseholdSection title="Balances">
      <>
        <LoadedRows
          label="Balances"
          result={balances}
          empty="All settled up: nobody owes anything."
          failure="Failed to load the balances"
          rows={(b) =>
            myDebtsFirst(b.debts, me).map((d, i) => {
              const lineId = `${lineIds}-${i}`;
              return (
                <SectionRow
                  key={`${d.from_member_id}-${d.to_member_id}-${d.currency}`}
                  main={<span id={lineId}>{debtLine(d, me)}</span>}
                  end={
                    concernsMe(d, me) && (
                      <Button size="small" variant="outlined" aria-describedby={lineId} onClick={() => settleUp(d)}>
                        Settle up
                      </Button>
                    )
                  }
                />
              );
            })
          }
        />
        {debt && (
          <SettleUpDialog
            open={open}
            debt={debt}
            me={me}
            saving={settling.isLoading}
            error={open ? error : null}
            onSave={(amount) => void save(amount)}
            onClose={() => setOpen(false)}
          />
        )}
      </>
    </HouseholdSection>
  );
}
