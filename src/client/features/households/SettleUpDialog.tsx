import type { Debt } from '../../../shared/households';
import { amountInputValue } from '../../ui/amountInput';
import { DollarField } from '../../ui/DollarField';
import { FormDialog } from '../../ui/FormDialog';
import { moneyInputText } from '../../ui/money';
import { useDialogForm } from '../../ui/useDialogForm';
import { validateSettlement } from './householdForm';
import { counterpart, debtLine } from './householdText';

export interface SettleUpDialogProps {
  open: boolean;
  /** The balance being paid (kept after closing, so the dialog keeps its words while it fades out). */
  debt: Debt;
  /** My member id. */
  me: string;
  saving: boolean;
  /** The API's refusal of the last save. */
  error: string | null;
  /** Called with the amount paid once it is valid. */
  onSave: (amount: number) => void;
  onClose: () => void;
}

/** Records a payment of a balance I am part of: all of it (the amount it starts with) or part. */
export function SettleUpDialog({ open, debt, me, saving, error, onSave, onClose }: SettleUpDialogProps) {
  const { field, handleSubmit } = useDialogForm(
    open,
    () => ({ amount: moneyInputText(debt.amount, debt.currency) }),
    (values) => validateSettlement(values, debt, me),
  );
  return (
    <FormDialog
      open={open}
      title={`Settle up with ${counterpart(debt, me)}`}
      description={`${debtLine(debt, me)}. Record what was paid: all of it, or part.`}
      saving={saving}
      error={error}
      onSubmit={handleSubmit((valid) => onSave(amountInputValue(valid.amount, debt.currency)))}
      onClose={onClose}
      saveLabel="Record payment"
    >
      <DollarField label="Amount paid" currency={debt.currency} required fullWidth margin="normal" autoFocus autoComplete="off" {...field('amount')} />
    </FormDialog>
  );
}
