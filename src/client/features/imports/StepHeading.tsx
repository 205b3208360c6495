import { useEffect, useRef, type ReactNode } from 'react';
import { Typography } from '@mui/material';

/**
 * A step's heading. The steps replace each other on one screen, so the focus moves to the new
 * heading: a screen reader says where the person is, and Tab goes on from the top of the step.
 */
export function StepHeading({ children, focus = true }: { children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Typography ref={ref} variant="h6" component="h2" tabIndex={-1} sx={{ outline: 'none' }}>
      {children}
    </Typography>
  );
}
