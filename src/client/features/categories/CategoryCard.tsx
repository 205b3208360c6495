import { Box, Card, CardContent, IconButton, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import type { CategoryWithSpending } from '../../../shared/categories';
import { BudgetBar } from '../../ui/BudgetBar';
import { formatMoney } from '../../ui/money';
import { CategoryIconView } from './categoryIcons';
import { budgetUseCaption, carryOverCaption, categoryLimit, categorySpend, isFallbackCategory } from './selectors';
import { NeedsServer } from '../../ui/NeedsServer';

export interface CategoryCardProps {
  category: CategoryWithSpending;
  onEdit: () => void;
  onDelete: () => void;
}

/** One category: colour, icon, name, and this month's spending against its budget (with what carried over into it). */
export function CategoryCard({ category, onEdit, onDelete }: CategoryCardProps) {
  const limit = categoryLimit(category);
  const spend = categorySpend({ budget: limit, spent: category.spent });
  const carriedOver = carryOverCaption(category);
  const fallback = isFallbackCategory(category);
  return (
    <Card component="li" data-testid="category-card" sx={{ listStyle: 'none', height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            data-testid="category-swatch"
            aria-hidden
            sx={{ width: 40, height: 40, borderRadius: '50%', bgcolor: category.color, color: '#fff', display: 'grid', placeItems: 'center', flexShrink: 0 }}
          >
            <CategoryIconView icon={category.icon} />
          </Box>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: '1.1rem' }}>
            {category.name}
          </Typography>
          <Tooltip title="Edit">
            <IconButton onClick={onEdit} aria-label={`Edit ${category.name}`}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          {!fallback && (
            <NeedsServer tooltip="Delete">
              <IconButton onClick={onDelete} aria-label={`Delete ${category.name}`}>
                <DeleteIcon />
              </IconButton>
            </NeedsServer>
          )}
        </Box>
        <Box sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2">
              <strong>{formatMoney(category.spent)}</strong> spent this month
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {category.budget === null ? 'No budget' : `Budget ${formatMoney(category.budget)}`}
            </Typography>
          </Box>
          {carriedOver && (
            <Typography variant="body2" color="text.secondary" data-testid="category-carry-over" sx={{ mt: 0.5 }}>
              {carriedOver}
            </Typography>
          )}
          {limit !== null && (
            <>
              <Box sx={{ mt: 1 }}>
                <BudgetBar spent={category.spent} budget={limit} label={`${category.name} spending against budget`} />
              </Box>
              <Typography
                variant="caption"
                sx={{ display: 'block', mt: 0.5, color: spend.overBudget ? 'error.main' : 'text.secondary', fontWeight: spend.overBudget ? 600 : 400 }}
              >
                {budgetUseCaption(category)}
              </Typography>
            </>
          )}
          {fallback && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              Receipts of deleted categories move here, so it cannot be deleted.
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
