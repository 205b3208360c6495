import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { SettingsSection } from './SettingsSection';

/** The way to the bank statement import (/import), which turns a statement's rows into receipts. */
export function ImportSection() {
  return (
    <SettingsSection
      title="Import a bank statement"
      description="Turn the rows of a statement from your bank into receipts. Imported receipts are marked as such."
    >
      <Button component={RouterLink} to="/import" variant="outlined" startIcon={<UploadFileIcon />}>
        Import a statement
      </Button>
    </SettingsSection>
  );
}
