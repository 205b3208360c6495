import { Box, CircularProgress, LinearProgress, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { visuallyHidden } from '../../ui/SignedAmount';

/**
 * Where a scan is, from what the page can see: the image being prepared in this browser, then
 * the one request in which the server reads the text and finds the total. The server answers
 * both at once, so both show as under way until it does; nothing here advances on a timer.
 */
export type ScanStage = 'preparing' | 'server';

const STAGES = ['Preparing image', 'Reading text', 'Finding the total'] as const;

function stateOf(index: number, stage: ScanStage): 'done' | 'current' | 'next' {
  if (stage === 'preparing') return index === 0 ? 'current' : 'next';
  return index === 0 ? 'done' : 'current';
}

export function ScanStages({ stage }: { stage: ScanStage }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
      <LinearProgress aria-label={stage === 'preparing' ? 'Preparing image' : 'Reading text and finding the total'} />
      <Typography variant="body2">{stage === 'preparing' ? 'Preparing image...' : 'Reading text and finding the total on the server...'}</Typography>
      <Box component="ol" aria-label="Scan stages" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {STAGES.map((label, i) => {
          const state = stateOf(i, stage);
          return (
            <Box
              component="li"
              key={label}
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.75,
                color: state === 'next' ? 'text.secondary' : 'text.primary',
                fontSize: '0.875rem',
              }}
            >
              {state === 'done' && <CheckCircleIcon fontSize="small" color="success" aria-hidden />}
              {state === 'current' && <CircularProgress size={16} aria-hidden />}
              {state === 'next' && <RadioButtonUncheckedIcon fontSize="small" aria-hidden />}
              {label}
              <Box component="span" sx={visuallyHidden}>
                {state === 'done' ? ' (done)' : state === 'current' ? ' (under way)' : ' (to come)'}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
