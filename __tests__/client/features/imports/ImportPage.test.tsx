import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview, ImportPreviewRow } from '../../../../src/shared/imports';
import { setTokenSource } from '../../../../src/client/api/token';
import { dashboardApi } from '../../../../src/client/features/dashboard/dashboardApi';
import { receiptsApi } from '../../../../src/client/features/receipts/receiptsApi';
import ImportPage from '../../../../src/client/features/imports/ImportPage';
import { PREVIEW_EXPIRED } from '../../../../src/client/features/imports/importText';
import { STATEMENT_EMPTY } from '../../../../src/client/features/imports/statementFile';
import { renderScreen } from '../../ui/renderScreen';
import { startImportServer, type Answer, type SentPreview } from './importServer';

const CSV = 'Date,Description,Debit,Credit,Currency\n14/03/2026,CORNER DELI 123,12.50,,USD\n';
const HEADER = ['Date', 'Description', 'Debit', 'Credit', 'Currency'];
const SAMPLE = [
  ['14/03/2026', 'CORNER DELI 123', '12.50', '', 'USD'],
  ['15/03/2026', 'SALARY', '', '2000.00', 'USD'],
];

function row(line: number, status: ImportPreviewRow['status'], fields: Partial<ImportPreviewRow> = {}): ImportPreviewRow {
  return { line, date: '2026-03-14', description: `Shop ${line}`, amount: 10, currency: 'USD', status, receipt: null, ...fields };
}

function preview(fields: Partial<ImportPreview>): ImportPreview {
  return {
    id: 'p-1',
    file_name: 'march.csv',
    encoding: 'utf-8',
    delimiter: ',',
    header: HEADER,
    sample: SAMPLE,
    mapping: {},
    mapping_source: 'guessed',
    mapping_complete: false,
    rows: [],
    problems: [],
    counts: { new: 0, already_imported: 0, matches: 0, problems: 0 },
    ...fields,
  };
}

const guessed = preview({ mapping: { date: 0, description: 1 } });
const mapped = preview({
  id: 'p-2',
  mapping: { date: 0, description: 1, debit: 2, credit: 3, date_order: 'DMY' },
  mapping_source: 'sent',
  mapping_complete: true,
  rows: [
    row(2, 'new', { description: 'CORNER DELI 123', amount: 12.5 }),
    row(3, 'already_imported', { description: 'GAS STATION' }),
    row(4, 'matches', {
      description: 'BIG BOX 77',
      amount: 45.2,
      receipt: { id: 'r-7', store: 'Big Box', date: '2026-03-12', amount: 45.2, currency: 'USD' },
    }),
    row(5, 'new', { description: 'SALARY', amount: -2000 }),
  ],
  problems: [{ line: 6, message: 'The date “31/02/2026” is not a day' }],
  counts: { new: 2, already_imported: 1, matches: 1, problems: 1 },
});

let server: Awaited<ReturnType<typeof startImportServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  setTokenSource({ current: async () => null, renew: async () => false });
});

const unexpected = (): Answer => ({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'not expected in this test' } });

async function renderImport(answers: { preview: (sent: SentPreview) => Answer; commit?: Parameters<typeof startImportServer>[0]['commit'] }) {
  server = await startImportServer({ preview: answers.preview, commit: answers.commit ?? unexpected });
  const view = renderScreen(<ImportPage />, { route: '/import' });
  return { ...view, server, user: userEvent.setup() };
}

/** A file as the browser hands it over (Node's own, so that fetch sends it as a file part). */
const csvFile = (text = CSV, name = 'march.csv') => new NodeFile([text], name, { type: 'text/csv' }) as unknown as File;
const fileInput = () => screen.getByTestId('statement-input');
const status = () => screen.getByText(/^Confirming adds/);

it('maps the columns once, previews, lets the person change a match and a new row, and sends only those changes', async () => {
  setTokenSource({ current: async () => 'token-1', renew: async () => false });
  const { user, server } = await renderImport({
    preview: (sent) => ({ status: 200, body: sent.mapping ? mapped : guessed }),
    commit: () => ({ status: 200, body: { added: 2, linked: 0, skipped: 2, problems: [{ line: 7, message: 'Amount is too large' }] } }),
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Import a statement' })).toBeInTheDocument();

  await user.upload(fileInput(), csvFile());
  // Only guessed and incomplete: the person maps the columns, seeing names and first values.
  const form = await screen.findByRole('form', { name: 'Map the columns' });
  expect(server.previews).toHaveLength(1);
  expect(server.previews[0]).toMatchObject({ fileName: 'march.csv', fileText: CSV, mapping: undefined, authorization: 'Bearer token-1' });
  expect(within(form).getByText('march.csv · UTF-8 · comma-separated · 5 columns')).toBeInTheDocument();
  expect(within(form).getByRole('table', { name: 'First rows of march.csv' })).toHaveTextContent('CORNER DELI 123');
  expect(within(form).getByLabelText(/^Date column/)).toHaveDisplayValue('Date (e.g. 14/03/2026)');
  expect(within(form).getByLabelText(/^Description column/)).toHaveDisplayValue('Description (e.g. CORNER DELI 123)');
  expect(screen.getByRole('heading', { level: 2, name: 'Map the columns' })).toHaveFocus();

  // What is missing is said, and nothing is sent.
  await user.click(within(form).getByRole('button', { name: 'Show the preview' }));
  expect(within(form).getByText('Choose the amount column')).toBeInTheDocument();
  expect(within(form).getByText('Choose how the dates are written')).toBeInTheDocument();
  expect(server.previews).toHaveLength(1);

  await user.click(within(form).getByRole('radio', { name: 'Separate debit and credit columns' }));
  await user.selectOptions(within(form).getByLabelText(/^Debit column/), 'Debit (e.g. 12.50)');
  await user.selectOptions(within(form).getByLabelText(/^Credit column/), 'Credit (e.g. 2000.00)');
  await user.selectOptions(within(form).getByLabelText(/^Date format/), 'Day first (DD/MM/YYYY)');
  await user.click(within(form).getByRole('button', { name: 'Show the preview' }));

  // The same file again, with the mapping ahead of it.
  await screen.findByRole('heading', { level: 2, name: 'Check the preview' });
  expect(server.previews[1]).toMatchObject({
    fileText: CSV,
    fields: ['mapping', 'file'],
    mapping: { date: 0, description: 1, debit: 2, credit: 3, date_order: 'DMY', statement_currency: 'USD' },
  });
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['New (2)', 'Already imported (1)', 'Matches (1)', 'Problems (1)']);
  // The salary came in: skipped unless the person adds it as a refund.
  expect(status()).toHaveTextContent('Confirming adds 1 receipt, links 1 row to saved receipts and skips 2 rows.');
  const newRows = screen.getByRole('table', { name: 'New rows' });
  expect(
    within(newRows)
      .getAllByTestId('preview-row')
      .map((r) => r.textContent),
  ).toEqual([expect.stringContaining('CORNER DELI 123'), expect.stringMatching(/SALARY-\$2,000\.00 \(money in\)/)]);
  expect(within(newRows).getByRole('combobox', { name: 'What to do with line 5' })).toHaveDisplayValue('Skip');

  // A match shows the receipt it would be linked to; the person adds it as new instead.
  await user.click(screen.getByRole('tab', { name: 'Matches (1)' }));
  const matches = screen.getByRole('table', { name: 'Rows that match a saved receipt' });
  expect(within(matches).getByTestId('preview-row')).toHaveTextContent(/Big Box.*Mar 12, 2026 · \$45\.20/);
  await user.selectOptions(within(matches).getByRole('combobox', { name: 'What to do with line 4' }), 'Add as new');
  expect(status()).toHaveTextContent('Confirming adds 2 receipts, links 0 rows to saved receipts and skips 2 rows.');

  // A new row is skipped.
  await user.click(screen.getByRole('tab', { name: 'New (2)' }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'What to do with line 2' }), 'Skip');
  expect(status()).toHaveTextContent('Confirming adds 1 receipt, links 0 rows to saved receipts and skips 3 rows.');

  // Rows already imported are only skipped; problems are listed by line.
  await user.click(screen.getByRole('tab', { name: 'Already imported (1)' }));
  expect(screen.queryByRole('combobox', { name: 'What to do with line 3' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Problems (1)' }));
  expect(screen.getByRole('table', { name: 'Rows that could not be read' })).toHaveTextContent('6The date “31/02/2026” is not a day');

  await user.click(screen.getByRole('button', { name: 'Confirm import' }));
  await screen.findByRole('heading', { level: 2, name: 'Import finished' });
  expect(server.commits).toEqual([
    {
      preview_id: 'p-2',
      changes: [
        { line: 2, action: 'skip' },
        { line: 4, action: 'add' },
      ],
    },
  ]);
  expect(screen.getByText(/2 receipts added, 0 rows linked to saved receipts, 2 rows skipped\. 1 row could not be imported/)).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Rows not imported' })).toHaveTextContent('7Amount is too large');
  expect(screen.getByRole('link', { name: 'Go to receipts' })).toHaveAttribute('href', '/receipts');

  await user.click(screen.getByRole('button', { name: 'Import another statement' }));
  expect(screen.getByRole('heading', { level: 2, name: 'Choose the statement' })).toHaveFocus();
});

it('goes straight to the preview with a remembered mapping, and pages through 50,000 rows', async () => {
  const rows = Array.from({ length: 50_000 }, (_, i) => row(i + 2, 'new'));
  const big = preview({
    mapping: { date: 0, description: 1, amount: 2, date_order: 'ISO' },
    mapping_source: 'remembered',
    mapping_complete: true,
    rows,
    counts: { new: 50_000, already_imported: 0, matches: 0, problems: 0 },
  });
  const { user, server } = await renderImport({ preview: () => ({ status: 200, body: big }) });
  await user.upload(fileInput(), csvFile());

  const table = await screen.findByRole('table', { name: 'New rows' });
  expect(screen.getByText(/Using the columns you chose last time for this bank/)).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'New (50,000)' })).toHaveAttribute('aria-selected', 'true');
  expect(within(table).getAllByTestId('preview-row')).toHaveLength(25);
  expect(screen.getByText('1–25 of 50,000')).toBeInTheDocument();
  expect(status()).toHaveTextContent('Confirming adds 50,000 receipts');

  await user.click(screen.getByRole('button', { name: 'Go to next page' }));
  const rowsNow = within(screen.getByRole('table', { name: 'New rows' })).getAllByTestId('preview-row');
  expect(rowsNow).toHaveLength(25);
  expect(rowsNow[0]).toHaveTextContent(/^27/);

  // The remembered columns can still be changed: back to the mapping step, filled in.
  await user.click(screen.getByRole('button', { name: 'Change the columns' }));
  expect(screen.getByLabelText(/^Amount column/)).toHaveDisplayValue('Debit (e.g. 12.50)');
  expect(screen.getByLabelText(/^Date format/)).toHaveDisplayValue('Year first (YYYY-MM-DD)');
  expect(server.previews).toHaveLength(1);
});

it('shows why the server refused the file, and lets the person choose another', async () => {
  const { user, server } = await renderImport({
    preview: () => ({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'The file has no header row' } }),
  });
  await user.upload(fileInput(), csvFile());
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not read the statement: The file has no header row');
  expect(screen.getByRole('button', { name: 'Choose a CSV file' })).toBeEnabled();

  // An empty file is refused here, without a request.
  await user.upload(fileInput(), csvFile('', 'empty.csv'));
  expect(screen.getByRole('alert')).toHaveTextContent(STATEMENT_EMPTY);
  expect(server.previews).toHaveLength(1);
});

it('keeps the preview and says so when the commit is refused', async () => {
  const ready = { ...mapped, mapping_source: 'remembered' as const };
  const { user, server } = await renderImport({
    preview: () => ({ status: 200, body: ready }),
    commit: () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Import preview not found' } }),
  });
  await user.upload(fileInput(), csvFile());
  await user.click(await screen.findByRole('button', { name: 'Confirm import' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(PREVIEW_EXPIRED);
  expect(server.commits).toEqual([{ preview_id: 'p-2', changes: [] }]);
  expect(screen.getByRole('heading', { level: 2, name: 'Check the preview' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm import' })).toBeEnabled());
});

it('has the receipts and the sums asked for again once the rows are saved', async () => {
  const ready = { ...mapped, mapping_source: 'remembered' as const };
  const { user, server, store } = await renderImport({
    preview: () => ({ status: 200, body: ready }),
    commit: () => ({ status: 200, body: { added: 2, linked: 1, skipped: 1, problems: [] } }),
  });
  // Screens elsewhere showing the linked receipt and the dashboard.
  const watched = [store.dispatch(receiptsApi.endpoints.getReceipt.initiate('r-7')), store.dispatch(dashboardApi.endpoints.getDashboard.initiate())];
  await waitFor(() => expect(server.others).toEqual(expect.arrayContaining(['GET /receipts/r-7', 'GET /dashboard'])));
  await user.upload(fileInput(), csvFile());
  await user.click(await screen.findByRole('button', { name: 'Confirm import' }));
  await screen.findByText('2 receipts added, 1 row linked to saved receipts, 1 row skipped.');
  await waitFor(() => expect(server.others.filter((r) => r === 'GET /receipts/r-7' || r === 'GET /dashboard')).toHaveLength(4));
  watched.forEach((w) => w.unsubscribe());
});

/** An American Express export: charges positive, the payment negative, a category column. */
const AMEX_HEADER = ['Date', 'Description', 'Category', 'Amount'];
const AMEX_SAMPLE = [
  ['2026-03-14', 'GREEN GROCER', 'Groceries', '42.50'],
  ['2026-03-15', 'AUTOPAY PAYMENT - THANK YOU', '', '-450.00'],
];

it('lets the person choose the sign of a charge, the statement currency and the category column, and sends them with the mapping', async () => {
  const guessedAmex = preview({
    header: AMEX_HEADER,
    sample: AMEX_SAMPLE,
    mapping: { date: 0, description: 1, category: 2, amount: 3, date_order: 'ISO', charge_sign: 'positive', statement_currency: 'USD' },
    mapping_complete: true,
  });
  const { user, server } = await renderImport({ preview: (sent) => ({ status: 200, body: sent.mapping ? mapped : guessedAmex }) });
  await user.upload(fileInput(), csvFile());
  const form = await screen.findByRole('form', { name: 'Map the columns' });

  // Tally's guesses, shown for the person to confirm.
  const sign = within(form).getByRole('group', { name: 'Sign of a charge' });
  expect(within(sign).getByRole('radio', { name: 'Charges are positive' })).toBeChecked();
  expect(sign).toHaveTextContent(/American Express/);
  expect(within(form).getByLabelText(/^Category column/)).toHaveDisplayValue('Category (e.g. Groceries)');
  expect(within(form).getByRole('combobox', { name: /^Statement currency/ })).toHaveValue('USD · US Dollar');

  // A statement in pounds.
  const currency = within(form).getByRole('combobox', { name: /^Statement currency/ });
  await user.clear(currency);
  await user.type(currency, 'GBP');
  await user.click(screen.getByRole('option', { name: 'GBP · British Pound' }));
  await user.click(within(form).getByRole('button', { name: 'Show the preview' }));
  await screen.findByRole('heading', { level: 2, name: 'Check the preview' });
  expect(server.previews[1].mapping).toEqual({
    date: 0,
    description: 1,
    category: 2,
    amount: 3,
    date_order: 'ISO',
    charge_sign: 'positive',
    statement_currency: 'GBP',
  });
});

it('asks for no statement currency when a column says each row’s, and no sign with debit and credit columns', async () => {
  const { user } = await renderImport({ preview: () => ({ status: 200, body: guessed }) });
  await user.upload(fileInput(), csvFile());
  const form = await screen.findByRole('form', { name: 'Map the columns' });
  expect(within(form).getByRole('group', { name: 'Sign of a charge' })).toBeInTheDocument();
  expect(within(form).getByRole('combobox', { name: /^Statement currency/ })).toBeInTheDocument();

  await user.selectOptions(within(form).getByLabelText(/^Currency column/), 'Currency (e.g. USD)');
  expect(within(form).queryByRole('combobox', { name: /^Statement currency/ })).not.toBeInTheDocument();
  await user.click(within(form).getByRole('radio', { name: 'Separate debit and credit columns' }));
  expect(within(form).queryByRole('group', { name: 'Sign of a charge' })).not.toBeInTheDocument();
});

it('shows the sign in the preview, reads the rows again when the person flips it, and offers to add money in as a refund', async () => {
  const amexMapping = { date: 0, description: 1, category: 2, amount: 3, date_order: 'ISO', statement_currency: 'USD' } as const;
  const backwards = preview({
    header: AMEX_HEADER,
    sample: AMEX_SAMPLE,
    mapping: { ...amexMapping, charge_sign: 'negative' },
    mapping_source: 'remembered',
    mapping_complete: true,
    rows: [
      row(2, 'new', { description: 'GREEN GROCER', amount: -42.5, category: 'Food' }),
      row(3, 'new', { description: 'AUTOPAY PAYMENT - THANK YOU', amount: 450, category: 'Other' }),
    ],
    counts: { new: 2, already_imported: 0, matches: 0, problems: 0 },
  });
  const flipped = {
    ...backwards,
    id: 'p-3',
    mapping: { ...amexMapping, charge_sign: 'positive' as const },
    mapping_source: 'sent' as const,
    rows: [
      row(2, 'new', { description: 'GREEN GROCER', amount: 42.5, category: 'Food' }),
      row(3, 'new', { description: 'AUTOPAY PAYMENT - THANK YOU', amount: -450, category: 'Other' }),
    ],
  };
  const { user, server } = await renderImport({
    preview: (sent) => ({ status: 200, body: sent.mapping ? flipped : backwards }),
    commit: () => ({ status: 200, body: { added: 2, linked: 0, skipped: 0, problems: [] } }),
  });
  await user.upload(fileInput(), csvFile());
  await screen.findByRole('heading', { level: 2, name: 'Check the preview' });
  // Read the wrong way round: the grocer is money in, the payment spending.
  expect(screen.getByRole('radio', { name: 'Charges are negative' })).toBeChecked();
  expect(screen.getByRole('combobox', { name: 'What to do with line 2' })).toHaveDisplayValue('Skip');
  expect(status()).toHaveTextContent('Confirming adds 1 receipt');

  await user.click(screen.getByRole('radio', { name: 'Charges are positive' }));
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Charges are positive' })).toBeChecked());
  expect(server.previews[1]).toMatchObject({ fields: ['mapping', 'file'], mapping: { ...amexMapping, charge_sign: 'positive' } });

  // The rows the right way round, each with its category; the payment is skipped unless added as a refund.
  const table = screen.getByRole('table', { name: 'New rows' });
  expect(within(table).getByRole('columnheader', { name: 'Category' })).toBeInTheDocument();
  expect(within(table).getAllByTestId('preview-row')[0]).toHaveTextContent(/GREEN GROCER\$42\.50Food/);
  expect(screen.getByText(/Money that came in .* is skipped/)).toBeInTheDocument();
  const payment = screen.getByRole('combobox', { name: 'What to do with line 3' });
  expect(payment).toHaveDisplayValue('Skip');
  expect(
    within(payment)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Skip', 'Add as refund']);
  expect(status()).toHaveTextContent('Confirming adds 1 receipt, links 0 rows to saved receipts and skips 1 row.');
  await user.selectOptions(payment, 'Add as refund');
  expect(status()).toHaveTextContent('Confirming adds 2 receipts, links 0 rows to saved receipts and skips 0 rows.');

  await user.click(screen.getByRole('button', { name: 'Confirm import' }));
  await screen.findByRole('heading', { level: 2, name: 'Import finished' });
  expect(server.commits).toEqual([{ preview_id: 'p-3', changes: [{ line: 3, action: 'add' }] }]);
});
