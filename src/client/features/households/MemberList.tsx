import { Box, Button, Typography } from '@mui/material';
import type { Household, HouseholdMember } from '../../../shared/households';
import { memberLine } from './householdText';

export interface MemberListProps {
  household: Household;
  /** Offered to the owner beside every other current member; absent for the others. */
  onRemove?: (member: HouseholdMember) => void;
}

/** Everyone the household counts: signed-in members, placeholders, then former members, greyed. */
export function MemberList({ household, onRemove }: MemberListProps) {
  return (
    <Box component="ul" aria-label="Members" sx={{ p: 0, m: 0 }}>
      {household.members.map((m) => (
        <Box
          component="li"
          key={m._id}
          sx={{
            listStyle: 'none',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
            color: m.status === 'former' ? 'text.secondary' : 'text.primary',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {m.display_name}
              {m.is_me && ' (you)'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {memberLine(m)}
            </Typography>
          </Box>
          {onRemove && !m.is_me && m.status !== 'former' && (
            <Button size="small" color="error" variant="outlined" aria-label={`Remove ${m.display_name}`} onClick={() => onRemove(m)}>
              Remove
            </Button>
          )}
        </Box>
      ))}
    </Box>
  );
}
