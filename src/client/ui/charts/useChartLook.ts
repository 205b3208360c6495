import { useMemo } from 'react';
import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { ChartLook } from './chartLook';

/**
 * The theme's indigo primary for the line, readable text and grid in light and dark mode, and
 * no animation for people who asked for reduced motion.
 */
export function useChartLook(): ChartLook {
  const { palette } = useTheme();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const line = palette.primary.main;
  const text = palette.text.secondary;
  const grid = palette.divider;
  const surface = palette.background.paper;
  // Stable while the theme stays the same, so the charts are not rebuilt on every render.
  return useMemo(() => ({ colors: { line, text, grid, surface }, animate: !reducedMotion }), [line, text, grid, surface, reducedMotion]);
}
