import { useState } from 'react';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { exactGap, privateSharing, type ItemShareValues, type ShareableValues, type SharingErrors, type SharingValues } from './sharingForm';
import type { ShareTargets } from './useShareTargets';
import { memberLabel } from './memberName';
import { ItemTargets } from './ItemTargets';
import { AmountSplitFields } from './AmountSplitFields';
import { SharesSummary } from './SharesSummary';

export interface SharingSectionProps {
  values: ShareableValues;
  targets: ShareTargets;
  /** The form's own checks and a refused save's message, by field. */
  errors?: SharingErrors;
  onChange: (sharing: SharingValues) => void;
}

const PRIVATE = '';

/**
 * 'Shared with' a household, 'Paid by' a member, who each item (or the amount) is for, and each
 * person's share as it changes. Nothing at all for a person in no household.
 */
export function SharingSection({ values, targets, errors = {}, onChange }: SharingSectionProps) {
  const sharing = values.sharing ?? privateSharing();
  const [confirmStop, setConfirmStop] = useState(false);
  const { households, household, members } = targets;
  if (households.length === 0 && !sharing.householdId) return null;

  const patch = (p: Partial<SharingValues>) => onChange({ ...sharing, ...p });
  const me = household?.my_member_id ?? '';
  const choose = (householdId: string) => {
    if (householdId === PRIVATE && sharing.sharedBefore) setConfirmStop(true);
    // Member ids are the household's own: another household starts its split afresh.
    else onChange({ ...privateSharing(), sharedBefore: sharing.sharedBefore, householdId });
  };
  const splitEvenly = () => patch({ items: {}, split: 'evenly' });
  const allMine = () =>
    patch({
      items: Object.fromEntries(values.items.map((i): [string, ItemShareValues] => [i.key, { mode: 'one', member: me, portions: {} }])),
      split: 'portions',
      portions: { [me]: '1' },
    });
  const before = households.find((h) => h._id === sharing.sharedBefore)?.name ?? 'the household';
  // The household a receipt is shared with stays a choice while the list loads (or if the list failed).
  const choices =
    sharing.householdId && !households.some((h) => h._id === sharing.householdId)
      ? [...households, { _id: sharing.householdId, name: household?.name ?? 'Its household' }]
      : households;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="h6" sx={{ fontSize: '1.05rem', mb: 1 }}>
        Sharing
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <TextField
          select
          label="Shared with"
          value={sharing.householdId}
          onChange={(e) => choose(e.target.value)}
          error={Boolean(errors.householdId)}
          helperText={errors.householdId ?? (sharing.householdId ? undefined : 'Only you see a receipt that is not shared')}
        >
          <MenuItem value={PRIVATE}>Not shared</MenuItem>
          {choices.map((h) => (
            <MenuItem key={h._id} value={h._id}>
              {h.name}
            </MenuItem>
          ))}
        </TextField>
        {sharing.householdId && household && (
          <TextField
            select
            label="Paid by"
            value={sharing.paidBy || me}
            onChange={(e) => patch({ paidBy: e.target.value })}
            error={Boolean(errors.paidBy)}
            helperText={errors.paidBy}
          >
            {members.map((m) => (
              <MenuItem key={m._id} value={m._id}>
                {memberLabel(m)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {sharing.householdId && household && (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" onClick={splitEvenly}>
              Split evenly
            </Button>
            <Button variant="outlined" size="small" onClick={allMine}>
              All mine
            </Button>
          </Box>
          {values.items.length > 0 ? (
            <ItemTargets
              items={values.items}
              targets={sharing.items}
              members={members}
              errors={errors.items}
              onChange={(key, target) => patch({ items: { ...sharing.items, [key]: target } })}
            />
          ) : (
            <AmountSplitFields
              sharing={sharing}
              members={members}
              currency={values.currency}
              message={errors.split ?? exactGap(values) ?? undefined}
              onChange={patch}
            />
          )}
          {values.items.length > 0 && errors.split && (
            <Typography color="error" variant="body2">
              {errors.split}
            </Typography>
          )}
          <SharesSummary values={values} members={members} />
        </>
      )}
      <ConfirmDialog
        open={confirmStop}
        title="Stop sharing this receipt?"
        needsServer={false}
        message={`When you save, it leaves ${before}: its shares no longer count in the balances, so nobody owes anyone for it. Payments already recorded stay.`}
        confirmLabel="Stop sharing"
        onConfirm={() => {
          setConfirmStop(false);
          onChange({ ...privateSharing(), sharedBefore: sharing.sharedBefore });
        }}
        onCancel={() => setConfirmStop(false)}
      />
    </Box>
  );
}
