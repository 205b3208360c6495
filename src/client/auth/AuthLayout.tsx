import type { ReactNode } from 'react';
import { Box, Container, Paper, Typography } from '@mui/material';
import { loadIdentity } from './actions';

/**
 * The frame of the public screens: the product name and one card. The identity SDK starts
 * loading as soon as the person types, so it is there when they submit.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      onInputCapture={loadIdentity}
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', bgcolor: 'background.default', py: 4 }}
    >
      <Container maxWidth="xs">
        <Typography component="p" variant="h4" align="center" sx={{ fontWeight: 700, color: 'primary.main', mb: 2 }}>
          Tally
        </Typography>
        <Paper sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography component="h1" variant="h5" align="center" sx={{ mb: 2 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
