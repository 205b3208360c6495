import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import BarChartIcon from '@mui/icons-material/BarChart';
import CategoryIcon from '@mui/icons-material/Category';
import { LinkButton } from '../../ui/LinkButton';
import { AddTransactionButton } from '../../entities/receipts/AddTransactionButton';

/** The four quick actions of spec §2. */
export function QuickActions({ onSetBudget }: { onSetBudget: () => void }) {
  return (
    <Card component="section" aria-labelledby="quick-actions-heading">
      <CardContent>
        <Typography id="quick-actions-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Quick Actions
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr' } }}>
          <AddTransactionButton />
          <Button variant="outlined" startIcon={<AccountBalanceWalletIcon />} onClick={onSetBudget}>
            Set Budget
          </Button>
          <LinkButton to="/analytics" variant="outlined" startIcon={<BarChartIcon />}>
            View Reports
          </LinkButton>
          <LinkButton to="/categories" variant="outlined" startIcon={<CategoryIcon />}>
            Manage Categories
          </LinkButton>
        </Box>
      </CardContent>
    </Card>
  );
}
