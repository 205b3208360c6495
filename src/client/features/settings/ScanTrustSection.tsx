import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { TRUST_SCANS } from '../../../shared/constants/scan';
import { SettingsSection } from './SettingsSection';
import { useGetScanTrustQuery } from './scanTrustApi';
import { learnedLine, trustLines } from './scanTrustText';

/** How often the person's own scans were saved as read, and whether scanning learned from their corrections; nothing until they have saved a few. */
export function ScanTrustSection() {
  const { data } = useGetScanTrustQuery();
  const lines = trustLines(data);
  if (!lines) return null;
  const learned = learnedLine(data?.learned);
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
      {learned && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {learned}
        </Typography>
      )}
    </SettingsSection>
  );
}
