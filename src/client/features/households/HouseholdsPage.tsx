import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import GroupsIcon from '@mui/icons-material/Groups';
import { HOUSEHOLD_NAME_MAX } from '../../../shared/constants/households';
import { failureMessage } from '../../api/failureMessage';
import { useAppDispatch } from '../../app/hooks';
import { toastShown } from '../../toasts/toastsSlice';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { useCreateHouseholdMutation, useGetHouseholdsQuery } from './householdsApi';
import { validateHouseholdName } from './householdForm';
import { HOUSEHOLD_PURPOSE, summaryLine } from './householdText';
import { OneFieldDialog } from './OneFieldDialog';
import { householdPath } from './householdPaths';

/** My households, and a new one. */
export default function HouseholdsPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: households, isLoading, isError, refetch } = useGetHouseholdsQuery();
  const [createHousehold, created] = useCreateHouseholdMutation();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const openNew = () => {
    setError(null);
    setCreating(true);
  };

  const create = async (name: string) => {
    setError(null);
    try {
      const household = await createHousehold(name).unwrap();
      dispatch(toastShown(`${household.name} created`, 'success'));
      setCreating(false);
      navigate(householdPath(household._id));
    } catch (err) {
      setError(failureMessage('Failed to create the household', err));
    }
  };

  const newButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={openNew}>
      New household
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Households"
        subtitle="Share receipts and settle up with the people you live or travel with."
        actions={households?.length ? newButton : undefined}
      />
      {isLoading ? (
        <LoadingView label="Loading households..." />
      ) : isError || !households ? (
        <ErrorState message="Failed to load households" onRetry={() => void refetch()} />
      ) : households.length === 0 ? (
        <EmptyState icon={<GroupsIcon />} message={`You are in no household yet. ${HOUSEHOLD_PURPOSE}`} action={newButton} />
      ) : (
        <Box
          component="ul"
          aria-label="My households"
          sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
        >
          {households.map((h) => (
            <Card key={h._id} component="li" variant="outlined" sx={{ listStyle: 'none' }}>
              <CardActionArea component={RouterLink} to={householdPath(h._id)} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
                    {h.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {summaryLine(h)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
      <OneFieldDialog
        open={creating}
        title="New household"
        description="You will be its owner. Then add people or invite them by e-mail."
        label="Household name"
        maxLength={HOUSEHOLD_NAME_MAX}
        validate={validateHouseholdName}
        saveLabel="Create"
        saving={created.isLoading}
        error={error}
        onSave={(name) => void create(name)}
        onClose={() => setCreating(false)}
      />
    </>
  );
}
