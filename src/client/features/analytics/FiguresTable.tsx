import type { CSSProperties } from 'react';

/** Hidden from sight, still read by screen readers (the charts' text alternative). */
const visuallyHidden: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
};

export interface FiguresTableProps {
  caption: string;
  /** Header of the first column: 'Week', 'Category', … */
  nameHeader: string;
  rows: ReadonlyArray<{ name: string; value: string }>;
  testId?: string;
}

/** The figures behind a chart as a plain table for screen readers. */
export function FiguresTable({ caption, nameHeader, rows, testId }: FiguresTableProps) {
  return (
    <table style={visuallyHidden} data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
