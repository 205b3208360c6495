import { Alert, Button, Snackbar } from '@mui/material';

/** 'A new version is ready': stays until the person reloads (the new code runs only then). */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        // Standard, not filled: white on the filled info blue is below 4.5:1 (axe's color-contrast).
        variant="standard"
        sx={{ width: '100%', alignItems: 'center', boxShadow: 6 }}
        action={
          <Button color="inherit" size="small" variant="outlined" onClick={onReload}>
            Reload
          </Button>
        }
      >
        A new version is ready
      </Alert>
    </Snackbar>
  );
}
