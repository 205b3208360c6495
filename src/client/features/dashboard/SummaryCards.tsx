import { Box, Card, CardContent, Typography } from '@mui/material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SavingsIcon from '@mui/icons-material/Savings';
import type { ReactNode } from 'react';
import type { Dashboard } from '../../../shared/dashboard';
import { BudgetBar } from '../../ui/BudgetBar';
import { formatMoney } from '../../ui/money';
import { budgetNotes } from './rolloverText';
import { monthLimit, remainingBudget } from './selectors';

function Figure({ label, value, notes = [], icon, tone }: { label: string; value: string; notes?: readonly string[]; icon: ReactNode; tone?: 'error' }) {
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
          <Typography
            data-testid={`figure-${label}`}
            // Never cut: a long figure wraps at its separators rather than overflowing the card.
            sx={{
              fontSize: '1.6rem',
              fontWeight: 700,
              fontVariantNumeric: 'tabular-nums',
              overflowWrap: 'anywhere',
              color: tone === 'error' ? 'error.main' : 'text.primary',
            }}
          >
            {value}
          </Typography>
          {notes.map((note) => (
            <Typography key={note} variant="body2" color={tone === 'error' ? 'error.main' : 'text.secondary'}>
              {note}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Spending against what this month may spend (the budget with its carry-over). */
function BudgetUsed({ spent, budget }: { spent: number; budget: number }) {
  const percent = budget > 0 ? Math.round((spent / budget) * 100) : null;
  return (
    <Card component="section" aria-label="Budget used">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Budget used this month
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="budget-used">
            {formatMoney(spent)} of {formatMoney(budget)}
            {percent !== null && ` (${percent}%)`}
          </Typography>
        </Box>
        <BudgetBar spent={spent} budget={budget} label="Monthly budget used" />
      </CardContent>
    </Card>
  );
}

/** Monthly Budget, Total Spent and Remaining (spec §2), and how much of the budget is used. */
export function SummaryCards({ dashboard }: { dashboard: Dashboard }) {
  const remaining = remainingBudget(dashboard);
  const limit = monthLimit(dashboard);
  const over = remaining !== null && remaining < 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {/* Columns of at least 18rem: the cards stack where a seven-figure amount would not fit
          beside the others, at any width and any zoom (rem grows with the zoom). */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))' }}>
        <Figure
          label="Monthly Budget"
          value={dashboard.budget === null ? 'Not set' : formatMoney(dashboard.budget)}
          notes={budgetNotes(dashboard)}
          icon={<AccountBalanceWalletIcon />}
        />
        <Figure label="Total Spent" value={formatMoney(dashboard.total_spent)} notes={['This month']} icon={<ShoppingCartIcon />} />
        <Figure
          label="Remaining"
          value={remaining === null ? '—' : formatMoney(remaining)}
          notes={over ? ['Over budget'] : undefined}
          tone={over ? 'error' : undefined}
          icon={<SavingsIcon />}
        />
      </Box>
      {limit !== null && <BudgetUsed spent={dashboard.total_spent} budget={limit} />}
    </Box>
  );
}
