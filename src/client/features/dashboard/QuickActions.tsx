import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BarChartIcon from '@mui/icons-material/BarChart';
import CategoryIcon from '@mui/icons-material/Category';

/** The four quick actions of spec §2. */
export function QuickActions({ onSetBudget }: { onSetBudget: () => void }) {
  return (
    <Card component="section" aria-labelledby="quick-actions-heading">
      <CardContent>
        <Typography id="quick-actions-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Quick Actions
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr' } }}>
          <Button component={RouterLink} to="/receipts/add" variant="contained" startIcon={<AddIcon />}>
            Add Transaction
          </Button>
          <Button variant="outlined" startIcon={<AccountBalanceWalletIcon />} onClick={onSetBudget}>
            Set Budget
          </Button>
          <Button component={RouterLink} to="/analytics" variant="outlined" startIcon={<BarChartIcon />}>
            View Reports
          </Button>
          <Button component={RouterLink} to="/categories" variant="outlined" startIcon={<CategoryIcon />}>
            Manage Categories
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
