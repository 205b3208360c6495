import { useState, type FormEvent, type ReactNode } from 'react';
import { Autocomplete, Box, Button, TextField, Typography } from '@mui/material';
import type { PriceHistory } from '../../../shared/prices';
import { failureMessage } from '../../api/failureMessage';
import { useAppDispatch } from '../../app/hooks';
import { useGetBoughtItemsQuery } from '../../entities/receipts/knownItems';
import { toastShown } from '../../toasts/toastsSlice';
import { NeedsServer } from '../../ui/NeedsServer';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useGetSimilarItemsQuery, useNotSameProductMutation, useSameProductMutation } from './pricesApi';

/** A list of names, each with its one action beside it (wrapping under it on a narrow screen). */
function NameList({ label, names, action }: { label: string; names: readonly string[]; action: (name: string) => ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
      {names.map((name) => (
        <Box component="li" key={name} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 2 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>
          {action(name)}
        </Box>
      ))}
    </Box>
  );
}

/** Groups the item shown with another of the person's names, telling how it went. */
function useGrouping(item: string) {
  const dispatch = useAppDispatch();
  const [group, grouping] = useSameProductMutation();
  const [ungroup, ungrouping] = useNotSameProductMutation();
  return {
    busy: grouping.isLoading || ungrouping.isLoading,
    sameAs: async (sameAs: string) => {
      try {
        const product = await group({ item, same_as: sameAs }).unwrap();
        dispatch(toastShown(`${item} and ${sameAs} are now one product: ${product.product}`));
        return product.product;
      } catch (err) {
        dispatch(toastShown(failureMessage('Could not group the names', err), 'error'));
        return null;
      }
    },
    notSame: async (name: string) => {
      try {
        await ungroup(name).unwrap();
        dispatch(toastShown(`${name} is its own product again`));
        return true;
      } catch (err) {
        dispatch(toastShown(failureMessage('Could not take the name out', err), 'error'));
        return false;
      }
    },
  };
}

/**
 * The names a grouped item's prices are read from, each removable ('Not the same product').
 * `onUngrouped` runs once a name is out: its button is gone with it, so the focus needs a new home.
 */
export function IncludedNames({ history, onUngrouped }: { history: PriceHistory; onUngrouped: () => void }) {
  const { busy, notSame } = useGrouping(history.item);
  if (history.names.length < 2) return null;
  return (
    <Box>
      <Typography color="text.secondary">Includes {history.names.length} names:</Typography>
      <NameList
        label={`Names of ${history.item}`}
        names={history.names}
        action={(name) => (
          <NeedsServer>
            <Button
              size="small"
              disabled={busy}
              aria-label={`Not the same product: ${name}`}
              onClick={() => void notSame(name).then((done) => done && onUngrouped())}
            >
              Not the same product
            </Button>
          </NeedsServer>
        )}
      />
    </Box>
  );
}

/** 'Same product as…' one of the person's names, and the names that look like it ('Maybe the same product'). */
export function SameProductControls({ history, onGrouped }: { history: PriceHistory; onGrouped: (product: string) => void }) {
  const { busy, sameAs } = useGrouping(history.item);
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const search = useDebouncedValue(input.trim());
  const { data: items = [], isFetching } = useGetBoughtItemsQuery(search);
  const { data: similar = [] } = useGetSimilarItemsQuery(history.item);
  const own = new Set(history.names.map((n) => n.toLowerCase()));
  const others = items.map((i) => i.name).filter((name) => !own.has(name.toLowerCase()));

  const group = async (name: string) => {
    const product = await sameAs(name);
    if (product) onGrouped(product);
    return product;
  };
  const groupChosen = async () => {
    if (chosen && (await group(chosen))) {
      setChosen(null);
      setInput('');
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void groupChosen();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }} onSubmit={onSubmit}>
        <Autocomplete
          options={others}
          value={chosen}
          onChange={(_e, value) => setChosen(value)}
          inputValue={input}
          onInputChange={(_e, value) => setInput(value)}
          loading={isFetching}
          filterOptions={(o) => o}
          sx={{ flex: '1 1 16rem', maxWidth: 480 }}
          renderInput={(params) => (
            <TextField {...params} label="Same product as…" helperText="Its prices and this item's are then shown together, under the name you choose here." />
          )}
        />
        <NeedsServer>
          <Button type="submit" variant="outlined" disabled={!chosen || busy} sx={{ mt: 1 }}>
            Group
          </Button>
        </NeedsServer>
      </Box>
      {similar.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3">
            Maybe the same product
          </Typography>
          <NameList
            label="Maybe the same product"
            names={similar}
            action={(name) => (
              <NeedsServer>
                <Button size="small" disabled={busy} aria-label={`Same product as ${name}`} onClick={() => void group(name)}>
                  Same product
                </Button>
              </NeedsServer>
            )}
          />
        </Box>
      )}
    </Box>
  );
}
