import { Stack } from '@mui/material';
import { PageHeader } from '../../ui/PageHeader';
import { ChangePasswordSection } from './ChangePasswordSection';
import { CurrenciesSection } from './CurrenciesSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportSection } from './ExportSection';
import { BackupSection } from './BackupSection';
import { ImportSection } from './ImportSection';
import { MailInSection } from './MailInSection';
import { PreferencesSections } from './PreferencesSections';
import { ScanTrustSection } from './ScanTrustSection';

/** /settings: what a person expects there (issue 7): password, preferences, currencies, receipts by e-mail, their data, their account. */
export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Your password, preferences and data." />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <PreferencesSections />
        <CurrenciesSection />
        <ScanTrustSection />
        <ChangePasswordSection />
        <MailInSection />
        <ImportSection />
        <ExportSection />
        <BackupSection />
        <DeleteAccountSection />
      </Stack>
    </>
  );
}
