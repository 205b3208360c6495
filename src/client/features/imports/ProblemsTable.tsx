import { TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ScrollingTable } from '../../ui/ScrollingTable';
import type { RowProblem } from '../../../shared/imports';

/** Rows that could not be read or saved, by their line in the file, so the person can look them up. */
export function ProblemsTable({ label, problems }: { label: string; problems: readonly RowProblem[] }) {
  return (
    <ScrollingTable label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Line</TableCell>
          <TableCell>Problem</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {problems.map((problem, index) => (
          <TableRow key={`${problem.line}-${index}`}>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{problem.line}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{problem.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
