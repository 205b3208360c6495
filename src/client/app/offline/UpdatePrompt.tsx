import { Alert, Button, Snackbar } from '@mui/material';

/** 'A new version is ready': stays until the person reloads (the new code runs only then). */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        sx={{ width: '100%', alignItems: 'center' }}
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
