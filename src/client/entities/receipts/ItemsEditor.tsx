import { useEffect, useId, useRef } from 'react';
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { MAX_ITEM_NAME, MAX_RECEIPT_ITEMS } from '../../../shared/constants/receipts';
import { newItem, type ItemFormErrors, type ItemFormValues } from './receiptRules';
import { DeadlineFields } from './DeadlineFields';
import { proposedCategory, type KnownItems } from './knownItems';

export interface ItemsEditorProps {
  items: ItemFormValues[];
  errors?: Record<string, ItemFormErrors>;
  onChange: (items: ItemFormValues[]) => void;
  /** 'Add item' moves the focus into the new row's name. */
  focusNewItem?: boolean;
  /** The person's categories: each item may count in one of its own. */
  categories?: ReadonlyArray<{ _id: string; name: string }>;
  /** The receipt's category, which an item without its own counts in. */
  receiptCategoryName?: string;
  /** The receipt's date: an item's return window and warranty are picked from it. */
  receiptDate: string;
  /** The person's item names, proposed as a name is typed (with the category each was last given). */
  known?: KnownItems;
}

/** What an item's price is, in every form and on the receipt (its table says 'Price each'). */
export const PRICE_MEANING = 'Price is for one item; the line total is price × quantity.';

/** The receipt's lines: name, price and quantity; rows can be added and removed. */
export function ItemsEditor({
  items,
  errors = {},
  onChange,
  focusNewItem = false,
  categories = [],
  receiptCategoryName,
  receiptDate,
  known,
}: ItemsEditorProps) {
  const priceNoteId = useId();
  const namesId = useId();
  const rowsRef = useRef<HTMLFieldSetElement>(null);
  // The row added by 'Add item', focused once the parent has rendered it.
  const added = useRef<string | null>(null);
  useEffect(() => {
    if (!added.current) return;
    rowsRef.current?.querySelector<HTMLInputElement>(`[data-item-key="${added.current}"] input`)?.focus();
    added.current = null;
  });
  const addItem = () => {
    const item = newItem();
    if (focusNewItem) added.current = item.key;
    onChange([...items, item]);
  };
  const update = (key: string, patch: Partial<ItemFormValues>) => onChange(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  // The row whose name was typed last: its category is proposed when the names like it arrive,
  // unless the person chose the row's category themselves.
  const typedRow = useRef<string | null>(null);
  const chosen = useRef(new Set<string>());
  const propose = (row: ItemFormValues, name: string, knownItems: KnownItems['items']) =>
    chosen.current.has(row.key) ? row.categoryId : proposedCategory(name, row.categoryId, knownItems, categories);
  const knownItems = known?.items;
  useEffect(() => {
    const row = items.find((i) => i.key === typedRow.current);
    if (!row || !knownItems) return;
    const proposed = propose(row, row.name, knownItems);
    if (proposed !== row.categoryId) update(row.key, { categoryId: proposed });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only as the names arrive
  }, [knownItems]);
  return (
    <Box component="fieldset" ref={rowsRef} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ fontSize: '1.05rem', mb: 1 }}>
        Items
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No items. Add the lines of the receipt if you want them listed.
        </Typography>
      ) : (
        <Typography id={priceNoteId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {PRICE_MEANING}
        </Typography>
      )}
      {items.map((item, index) => {
        const e = errors[item.key] ?? {};
        /** The value, change handler and error props of one of this row's fields. */
        const field = (name: 'name' | 'price' | 'quantity') => ({
          value: item[name],
          onChange: (ev: { target: { value: string } }) => update(item.key, { [name]: ev.target.value }),
          error: Boolean(e[name]),
          helperText: e[name],
        });
        return (
          <Box
            key={item.key}
            data-item-key={item.key}
            role="group"
            aria-label={`Item ${index + 1}`}
            sx={{
              display: 'grid',
              gap: 1,
              // On a phone: the name, then price, quantity and remove, then the category on a row of its own.
              gridTemplateColumns: { xs: '1fr 1fr auto', sm: '3fr 1.2fr 1fr 1.6fr auto' },
              alignItems: 'start',
              mb: 1.5,
            }}
          >
            <TextField
              label="Item name"
              size="small"
              {...field('name')}
              onChange={(ev) => {
                const name = ev.target.value;
                typedRow.current = item.key;
                known?.typed(name);
                update(item.key, { name, categoryId: propose(item, name, known?.items ?? []) });
              }}
              slotProps={{ htmlInput: { maxLength: MAX_ITEM_NAME, ...(known ? { list: namesId } : {}) } }}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            />
            <TextField label="Price" size="small" {...field('price')} slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': priceNoteId } }} />
            <TextField label="Quantity" size="small" {...field('quantity')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <TextField
              select
              label="Item category"
              size="small"
              value={categories.some((c) => c._id === item.categoryId) ? item.categoryId : ''}
              onChange={(ev) => {
                chosen.current.add(item.key);
                update(item.key, { categoryId: ev.target.value });
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 3, sm: 'auto' } }}
            >
              <MenuItem value="">{receiptCategoryName ? `${receiptCategoryName} (receipt)` : 'As the receipt'}</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c._id} value={c._id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <IconButton
              aria-label={`Remove item ${index + 1}`}
              onClick={() => onChange(items.filter((i) => i.key !== item.key))}
              sx={{ mt: 0.25, gridColumn: { xs: 3, sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}
            >
              <DeleteOutlinedIcon />
            </IconButton>
            {/* The item's own return window and warranty, a line of their own under the row. */}
            <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <DeadlineFields
                values={{ returnBy: item.returnBy, warrantyUntil: item.warrantyUntil, date: receiptDate }}
                errors={e}
                onChange={(field, value) => update(item.key, { [field]: value })}
                ofItem
              />
            </Box>
          </Box>
        );
      })}
      {/* The browser's own suggestions under each name: no extra code on a phone, read out by screen readers. */}
      {known && (
        <datalist id={namesId}>
          {known.items.map((k) => (
            <option key={k.name} value={k.name} />
          ))}
        </datalist>
      )}
      <Button startIcon={<AddIcon />} onClick={addItem} disabled={items.length >= MAX_RECEIPT_ITEMS}>
        Add item
      </Button>
    </Box>
  );
}
