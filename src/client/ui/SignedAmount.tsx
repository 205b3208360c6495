import { Box, Typography, type TypographyProps } from '@mui/material';
import { formatMoneyAbs } from './money';

/**
 * A transaction amount as spec §2 shows it: the absolute value, green when money comes in
 * (positive), red otherwise. The direction is also given in words for screen readers, since
 * colour alone carries no meaning for them.
 */
export function SignedAmount({ amount, ...typography }: { amount: number } & Omit<TypographyProps, 'children' | 'color'>) {
  const incoming = amount > 0;
  return (
    <Typography
      component="span"
      {...typography}
      sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', color: incoming ? 'success.main' : 'error.main', ...typography.sx }}
      data-direction={incoming ? 'in' : 'out'}
    >
      <Box component="span" sx={visuallyHidden}>
        {incoming ? 'Refund ' : 'Spent '}
      </Box>
      {formatMoneyAbs(amount)}
    </Typography>
  );
}

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
