import { Box, Typography } from '@mui/material';
import { LinkButton } from './LinkButton';

/** The shell's answer to an address no route knows: a lazy chunk, since no first load shows it. */
export default function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is nothing at this address.
      </Typography>
      <LinkButton to="/" variant="contained">
        Go to the dashboard
      </LinkButton>
    </Box>
  );
}
