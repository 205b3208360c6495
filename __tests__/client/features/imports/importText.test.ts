import { MAX_STATEMENT_BYTES } from '../../../../src/shared/imports';
import { actionLabel, commitFailure, fileFacts, PREVIEW_EXPIRED, previewFailure, rowMoney } from '../../../../src/client/features/imports/importText';
import { STATEMENT_EMPTY, STATEMENT_TOO_LARGE, statementFileProblem } from '../../../../src/client/features/imports/statementFile';

describe('import texts', () => {
  it('describes what Tally found out about the file', () => {
    expect(fileFacts({ file_name: 'march.csv', encoding: 'windows-1252', delimiter: ';', header: ['a', 'b', 'c'] })).toBe(
      'march.csv · Windows-1252 · semicolon-separated · 3 columns',
    );
  });

  it('shows amounts in their own currency', () => {
    expect(rowMoney(12.5, 'USD')).toBe('$12.50');
    expect(rowMoney(1200, 'JPY')).toBe('¥1,200');
    expect(rowMoney(-3, 'EUR')).toBe('-€3.00');
    expect(rowMoney(4, 'XX')).toBe('4.00 XX');
  });

  it('names adding money in a refund, and adding spending a new receipt', () => {
    expect(actionLabel('add', { amount: -500 })).toBe('Add as refund');
    expect(actionLabel('add', { amount: 12.5 })).toBe('Add as new');
    expect(actionLabel('skip', { amount: -500 })).toBe('Skip');
    expect(actionLabel('link', { amount: -30 })).toBe('Link to the receipt');
  });

  it('explains a refused upload or commit', () => {
    expect(previewFailure({ status: 413, message: 'request file too large' })).toBe(STATEMENT_TOO_LARGE);
    expect(previewFailure({ status: 400, message: 'The file has no rows' })).toBe('Could not read the statement: The file has no rows');
    expect(commitFailure({ status: 404, message: 'Import preview not found' })).toBe(PREVIEW_EXPIRED);
    expect(commitFailure({ status: 500, message: 'boom' })).toBe('Failed to import the statement');
  });
});

describe('the chosen file', () => {
  it('refuses an empty file or one past the limit before uploading it', () => {
    expect(statementFileProblem({ size: 0 })).toBe(STATEMENT_EMPTY);
    expect(statementFileProblem({ size: MAX_STATEMENT_BYTES + 1 })).toBe(STATEMENT_TOO_LARGE);
    expect(statementFileProblem({ size: MAX_STATEMENT_BYTES })).toBeNull();
    expect(STATEMENT_TOO_LARGE).toContain('20 MB');
  });
});
