import UploadFileIcon from '@mui/icons-material/UploadFile';
import { SettingsSection } from './SettingsSection';
import { LinkButton } from '../../ui/LinkButton';

/** The way to the bank statement import (/import), which turns a statement's rows into receipts. */
export function ImportSection() {
  return (
    <SettingsSection
      title="Import a bank statement"
      description="Turn the rows of a statement from your bank into receipts. Imported receipts are marked as such."
    >
      <LinkButton to="/import" variant="outlined" startIcon={<UploadFileIcon />}>
        Import a statement
      </LinkButton>
    </SettingsSection>
  );
}
