import { Box, Button } from '@mui/material';
import type { Household, HouseholdMember } from '../../../shared/households';
import { memberLine } from './householdText';
import { SectionRow } from './HouseholdSection';
import { NeedsServer } from '../../ui/NeedsServer';

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
        <SectionRow
          key={m._id}
          muted={m.status === 'former'}
          main={`${m.display_name}${m.is_me ? ' (you)' : ''}`}
          detail={memberLine(m)}
          end={
            onRemove &&
            !m.is_me &&
            m.status !== 'former' && (
              <NeedsServer>
                <Button size="small" color="error" variant="outlined" aria-label={`Remove ${m.display_name}`} onClick={() => onRemove(m)}>
                  Remove
                </Button>
              </NeedsServer>
            )
          }
        />
      ))}
    </Box>
  );
}
