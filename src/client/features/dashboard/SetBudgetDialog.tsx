import { useState, type FormEvent } from 'react';
import { useOnOpen } from '../../ui/useOnOpen';
import { DollarField } from '../../ui/DollarField';
import type { BudgetBody } from '../../../shared/dashboard';
import { moneyInputText } from '../../ui/money';
import { parseBudgetInput } from './budgetInput';
import { FormDialog } from '../../ui/FormDialog';
import { RolloverSwitch } from '../../ui/RolloverSwitch';
import { revealFirstInvalid } from '../../ui/reveal';

export interface SetBudgetDialogProps {
  open: boolean;
  current: number | null;
  /** Whether the budget now carries over (the switch's starting position). */
  currentRollover: boolean;
  saving: boolean;
  /** 'Failed to update budget' after a failed save. */
  error: string | null;
  onSave: (body: BudgetBody) => void;
  onClose: () => void;
}

/** The prompt of spec §2 for the monthly budget; a wrong amount is explained and nothing is sent. */
export function SetBudgetDialog({ open, current, currentRollover, saving, error, onSave, onClose }: SetBudgetDialogProps) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [rollover, setRollover] = useState(false);

  useOnOpen(open, () => {
    setText(moneyInputText(current));
    setRollover(currentRollover);
    setInvalid(null);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseBudgetInput(text);
    if ('error' in parsed) {
      setInvalid(parsed.error);
      revealFirstInvalid(e.currentTarget);
      return;
    }
    onSave({ amount: parsed.amount, rollover });
  };

  return (
    <FormDialog
      open={open}
      title="Set Monthly Budget"
      description="Enter the amount you plan to spend each month."
      saving={saving}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <DollarField
        label="Monthly budget"
        fullWidth
        margin="normal"
        autoFocus
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(null);
        }}
        error={Boolean(invalid)}
        helperText={invalid}
      />
      <RolloverSwitch checked={rollover} onChange={setRollover} />
    </FormDialog>
  );
}
