import { Stack } from '@mui/material';
import { PageHeader } from '../../ui/PageHeader';
import { ChangePasswordSection } from './ChangePasswordSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportSection } from './ExportSection';
import { PreferencesSections } from './PreferencesSections';

/** /settings: what a person expects there (issue 7): password, preferences, their data, their account. */
export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Your password, preferences and data." />
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <PreferencesSections />
        <ChangePasswordSection />
        <ExportSection />
        <DeleteAccountSection />
      </Stack>
    </>
  );
}
