import { Box, Button } from '@mui/material';

/** The end of a receipt form: Cancel, then the save button, which reads 'Saving...' while busy. */
export function ReceiptFormActions({
  onCancel,
  saving,
  submitLabel,
  blocked = false,
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
  blocked?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={saving || blocked}>
        {saving ? 'Saving...' : submitLabel}
      </Button>
    </Box>
  );
}
