import { TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { ScrollingTable } from '../../ui/ScrollingTable';

/** The file's first records as they are, under its header, to see which column holds what. */
export function SampleTable({ label, header, sample }: { label: string; header: readonly string[]; sample: readonly (readonly string[])[] }) {
  return (
    // A statement may have a dozen columns.
    <ScrollingTable label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <TableHead>
        <TableRow>
          {header.map((name, column) => (
            <TableCell key={column} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
              {name.trim() || `Column ${column + 1}`}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {sample.map((record, index) => (
          <TableRow key={index}>
            {header.map((_name, column) => (
              <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                {record[column] ?? ''}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}
