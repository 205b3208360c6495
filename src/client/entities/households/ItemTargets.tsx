import { Box, FormHelperText, MenuItem, TextField, Typography } from '@mui/material';
import type { HouseholdMember } from '../../../shared/households';
import type { ItemFormValues } from '../receipts/receiptRules';
import { EVERYONE, type ItemShareValues } from './sharingForm';
import { memberLabel } from './memberName';
import { PortionFields } from './PortionFields';

export interface ItemTargetsProps {
  items: readonly ItemFormValues[];
  targets: Record<string, ItemShareValues>;
  members: readonly HouseholdMember[];
  errors?: Record<string, string>;
  onChange: (key: string, target: ItemShareValues) => void;
}

const SEVERAL = 'several';
const EVERYONE_VALUE = 'everyone';

/** The select's value: everyone, a member's id, or several. */
const choiceOf = (t: ItemShareValues) => (t.mode === 'one' ? t.member : t.mode === 'several' ? SEVERAL : EVERYONE_VALUE);

/** For each item, who it is for: everyone, one member, or several by portions (1 each: evenly). */
export function ItemTargets({ items, targets, members, errors = {}, onChange }: ItemTargetsProps) {
  const choose = (key: string, choice: string) => {
    if (choice === EVERYONE_VALUE) onChange(key, EVERYONE);
    else if (choice === SEVERAL) onChange(key, { mode: 'several', member: '', portions: Object.fromEntries(members.map((m) => [m._id, '1'])) });
    else onChange(key, { mode: 'one', member: choice, portions: {} });
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        Who each item is for
      </Typography>
      {items.map((item, n) => {
        const target = targets[item.key] ?? EVERYONE;
        const name = item.name.trim() || `Item ${n + 1}`;
        const error = errors[item.key];
        return (
          <Box key={item.key} data-share-item={item.key} sx={{ display: 'grid', gap: 1 }}>
            <TextField
              select
              size="small"
              label={`${name} is for`}
              value={choiceOf(target)}
              onChange={(e) => choose(item.key, e.target.value)}
              error={Boolean(error)}
              helperText={target.mode === 'several' ? 'Portions: 1 each splits it evenly, 0 leaves someone out' : undefined}
              sx={{ maxWidth: { sm: 360 } }}
            >
              <MenuItem value={EVERYONE_VALUE}>Everyone</MenuItem>
              {members.map((m) => (
                <MenuItem key={m._id} value={m._id}>
                  {memberLabel(m)}
                </MenuItem>
              ))}
              <MenuItem value={SEVERAL}>Several people…</MenuItem>
            </TextField>
            {target.mode === 'several' && (
              <PortionFields
                label={`Portions of ${name}`}
                members={members}
                portions={target.portions}
                onChange={(portions) => onChange(item.key, { ...target, portions })}
                error={error}
              />
            )}
            {error && <FormHelperText error>{error}</FormHelperText>}
          </Box>
        );
      })}
    </Box>
  );
}
