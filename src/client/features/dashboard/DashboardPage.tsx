import { Typography } from '@mui/material';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../auth/sessionSlice';

export default function DashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <Typography variant="h4" component="h1">
      Dashboard{user?.displayName ? ` · ${user.displayName}` : ''}
    </Typography>
  );
}
