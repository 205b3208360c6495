import { Suspense, useDeferredValue, useState } from 'react';
import { Box } from '@mui/material';
import type { BudgetBody } from '../../../shared/dashboard';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { useOpenedOnce } from '../../ui/useOpenedOnce';
import { lazyAfterLoad } from '../../ui/afterLoad';
import { useGetDashboardQuery, useSetBudgetMutation } from './dashboardApi';
import { QuickActions } from './QuickActions';
import { RecentTransactions } from './RecentTransactions';
import { SummaryCards } from './SummaryCards';
import { PaceForecastCard } from './PaceForecastCard';

// The dialog (and MUI's text field and dialog with it) loads when first opened, or at idle after
// the page loaded: the dashboard paints without them.
const SetBudgetDialog = lazyAfterLoad(() => import(/* webpackChunkName: "budget-dialog" */ './SetBudgetDialog').then((m) => ({ default: m.SetBudgetDialog })));

export default function DashboardPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { data: latest, isLoading, isError, refetch } = useGetDashboardQuery();
  // The figures are drawn as a transition, in slices the browser can answer between: an answer
  // arriving from the API otherwise draws the whole screen in one long task.
  const data = useDeferredValue(latest);
  const waiting = isLoading || (latest !== undefined && data === undefined);
  // The saved profile's name (edited in Profile); the sign-in's until the dashboard has loaded.
  const greetingName = data?.display_name || user?.displayName;
  const [setBudget, { isLoading: saving }] = useSetBudgetMutation();
  const [budgetOpen, setBudgetOpen] = useState(false);
  const budgetMounted = useOpenedOnce(budgetOpen);
  const [budgetError, setBudgetError] = useState<string | null>(null);

  const saveBudget = async (body: BudgetBody) => {
    setBudgetError(null);
    try {
      await setBudget(body).unwrap();
      setBudgetOpen(false);
      dispatch(toastShown('Budget updated successfully', 'success'));
    } catch {
      setBudgetError('Failed to update budget');
    }
  };

  const openBudget = () => {
    setBudgetError(null);
    setBudgetOpen(true);
  };

  return (
    <>
      <PageHeader title="Dashboard" subtitle={greetingName ? `Welcome back, ${greetingName}` : undefined} />
      {waiting ? (
        <LoadingView label="Loading dashboard..." />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {isError || !data ? <ErrorState message="Failed to load dashboard data" onRetry={() => void refetch()} /> : <SummaryCards dashboard={data} />}
          {/* Pace needs a budget to measure against: without one the card has nothing to say. */}
          {!isError && data?.pace && <PaceForecastCard pace={data.pace} forecast={data.forecast} spent={data.total_spent} available={data.available} />}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
            {data && <RecentTransactions transactions={data.transactions} />}
            <QuickActions onSetBudget={openBudget} />
          </Box>
        </Box>
      )}
      {budgetMounted && (
        <Suspense fallback={null}>
          <SetBudgetDialog
            open={budgetOpen}
            current={data?.budget ?? null}
            currentRollover={data?.rollover ?? false}
            saving={saving}
            error={budgetError}
            onSave={(body) => void saveBudget(body)}
            onClose={() => setBudgetOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
