import { Box, Typography } from '@mui/material';
import type { HouseholdMember } from '../../../shared/households';
import { fromMinor } from '../../../shared/currency';
import { formatMoney } from '../../ui/money';
import { liveShares, type ShareableValues } from './sharingForm';
import { memberLabel } from './memberName';

/** Each member's share as the form stands, by the server's own split: tax, tip, discounts and rounding in proportion. */
export function SharesSummary({ values, members }: { values: ShareableValues; members: readonly HouseholdMember[] }) {
  const outcome = liveShares(
    values,
    members.map((m) => m._id),
  );
  const names = new Map(members.map((m) => [m._id, memberLabel(m)]));
  return (
    <Box aria-live="polite" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" id="shares-heading">
        Each person&apos;s share
      </Typography>
      {outcome?.ok ? (
        <Box component="ul" aria-labelledby="shares-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {/* In the household's order, as every other list of its members. */}
          {members
            .map((m) => ({ member: m._id, amount: outcome.shares.find((s) => s.member === m._id)?.amount ?? 0 }))
            .map((s) => (
              <Box component="li" key={s.member} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
                <span>{names.get(s.member) ?? s.member}</span>
                <Box component="strong" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatMoney(fromMinor(s.amount, values.currency), values.currency)}
                </Box>
              </Box>
            ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {outcome ? outcome.message : 'The shares show once the amount and the split are complete.'}
        </Typography>
      )}
    </Box>
  );
}
