import AddIcon from '@mui/icons-material/Add';
import { LinkButton } from '../../ui/LinkButton';

/** The way to Add Transaction (a receipt typed by hand), the same wherever a screen offers it. */
export function AddTransactionButton() {
  return (
    <LinkButton to="/receipts/add" variant="contained" startIcon={<AddIcon />}>
      Add Transaction
    </LinkButton>
  );
}
