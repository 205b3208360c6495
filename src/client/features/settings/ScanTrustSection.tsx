import { List, ListItem, ListItemText } from '@mui/material';
import { TRUST_SCANS } from '../../../shared/constants/scan';
import { SettingsSection } from './SettingsSection';
import { useGetScanTrustQuery } from './scanTrustApi';
import { trustLines } from './scanTrustText';

/** How often the person's own scans were saved as read; nothing until they have saved a few. */
export function ScanTrustSection() {
  const { data } = useGetScanTrustQuery();
  const lines = trustLines(data);
  if (!lines) return null;
  return (
    <SettingsSection
      title="How well scanning reads your receipts"
      description={`Of your last ${data?.scans ?? 0} scanned receipts saved (up to ${TRUST_SCANS}), how many you saved as the scanner read them.`}
    >
      <List dense disablePadding aria-label="Fields saved as read">
        {lines.map((text) => (
          <ListItem key={text} disableGutters>
            <ListItemText primary={text} />
          </ListItem>
        ))}
      </List>
    </SettingsSection>
  );
}
