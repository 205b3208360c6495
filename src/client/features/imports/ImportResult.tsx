import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ImportCommitResult } from '../../../shared/imports';
import { count, problemsLeftOutText, resultText } from './importText';
import { ProblemsTable } from './ProblemsTable';
import { StepHeading } from './StepHeading';
import { STEP_CONTENT_SX } from './stepLayout';
import { LinkButton } from '../../ui/LinkButton';

/** The last step: what the import did, and the rows it could not save. */
export function ImportResult({ result, onRestart }: { result: ImportCommitResult; onRestart: () => void }) {
  return (
    <Card>
      <CardContent sx={STEP_CONTENT_SX}>
        <StepHeading>Import finished</StepHeading>
        <Alert severity={result.problems.length ? 'warning' : 'success'} role="status">
          {resultText(result)}
          {result.problems.length > 0 && ` ${count(result.problems.length, 'row', 'rows')} could not be imported (see below).`}
        </Alert>
        {result.problems.length > 0 && (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Rows not imported
            </Typography>
            <ProblemsTable label="Rows not imported" problems={result.problems} />
            {result.problems_left_out ? <Typography color="text.secondary">{problemsLeftOutText(result.problems_left_out)}</Typography> : null}
          </>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <LinkButton variant="contained" to="/receipts">
            Go to receipts
          </LinkButton>
          <Button onClick={onRestart}>Import another statement</Button>
        </Box>
      </CardContent>
    </Card>
  );
}
