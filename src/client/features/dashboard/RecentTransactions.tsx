import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import type { DashboardTransaction } from '../../../shared/dashboard';
import { formatDate } from '../../ui/dates';
import { SignedAmount } from '../../ui/SignedAmount';
import { EmptyState } from '../../ui/EmptyState';
import { recentTransactions } from './selectors';

/** The five newest transactions, newest first (spec §2), each linking to its receipt by its store. */
export function RecentTransactions({ transactions }: { transactions: readonly DashboardTransaction[] }) {
  const recent = recentTransactions(transactions);
  return (
    <Card component="section" aria-labelledby="recent-transactions-heading">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography id="recent-transactions-heading" variant="h6" component="h2">
            Recent Transactions
          </Typography>
          <Link component={RouterLink} to="/receipts">
            View all
          </Link>
        </Box>
        {recent.length === 0 ? (
          <EmptyState message="No transactions yet." />
        ) : (
          <List aria-label="Recent transactions" disablePadding>
            {recent.map((t) => (
              <ListItem key={t._id} divider disableGutters data-testid="transaction" sx={{ gap: 2, alignItems: 'center' }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Link component={RouterLink} to={`/receipts/${t._id}`} underline="hover" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
                    {t.store}
                  </Link>
                  {t.description !== t.store && (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {t.description}
                    </Typography>
                  )}
                  <Typography variant="body2" color="text.secondary">
                    {t.category} · {formatDate(t.date)}
                  </Typography>
                </Box>
                <SignedAmount amount={t.amount} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
