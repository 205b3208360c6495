import { Box, Card, CardContent, Typography } from '@mui/material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SavingsIcon from '@mui/icons-material/Savings';
import type { ReactNode } from 'react';
import type { Dashboard } from '../../../shared/dashboard';
import { formatMoney } from '../../ui/money';
import { remainingBudget } from './selectors';

function Figure({ label, value, note, icon, tone }: { label: string; value: string; note?: string; icon: ReactNode; tone?: 'error' }) {
  return (
    <Card component="section" aria-label={label}>
      <CardContent sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box aria-hidden sx={{ color: tone === 'error' ? 'error.main' : 'primary.main', mt: 0.5 }}>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" color="text.secondary" sx={{ fontSize: '0.95rem', fontWeight: 500 }}>
            {label}
          </Typography>
          <Typography data-testid={`figure-${label}`} sx={{ fontSize: '1.6rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: tone === 'error' ? 'error.main' : 'text.primary' }}>
            {value}
          </Typography>
          {note && (
            <Typography variant="body2" color={tone === 'error' ? 'error.main' : 'text.secondary'}>
              {note}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Monthly Budget, Total Spent and Remaining (spec §2). */
export function SummaryCards({ dashboard }: { dashboard: Dashboard }) {
  const remaining = remainingBudget(dashboard);
  const over = remaining !== null && remaining < 0;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      <Figure label="Monthly Budget" value={dashboard.budget === null ? 'Not set' : formatMoney(dashboard.budget)} note={dashboard.budget === null ? 'Use Set Budget to plan your month' : undefined} icon={<AccountBalanceWalletIcon />} />
      <Figure label="Total Spent" value={formatMoney(dashboard.total_spent)} note="This month" icon={<ShoppingCartIcon />} />
      <Figure label="Remaining" value={remaining === null ? '—' : formatMoney(remaining)} note={over ? 'Over budget' : undefined} tone={over ? 'error' : undefined} icon={<SavingsIcon />} />
    </Box>
  );
}
