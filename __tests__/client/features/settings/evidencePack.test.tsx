import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EvidencePackDialog } from '../../../../src/client/features/settings/EvidencePackDialog';
import { initialPackForm, packFormError, packQuery, packYears, withDays, type PackForm } from '../../../../src/client/features/settings/packForm';
import { renderScreen } from '../../ui/renderScreen';
import { startStandInServer } from '../../ui/standInServer';
import { FOOD_CATEGORY, OTHER_CATEGORY } from '../../ui/builders';

const YEAR_2025: PackForm = { year: '2025', from: '2025-01-01', to: '2025-12-31', categoryId: '', search: '' };

describe('the evidence pack form', () => {
  it('opens on last year and offers this year and six before it', () => {
    expect(initialPackForm('2026-03-14')).toEqual(YEAR_2025);
    expect(packYears('2026-03-14')).toEqual(['2026', '2025', '2024', '2023', '2022', '2021', '2020']);
  });

  it('keeps the year only while the days are that whole year', () => {
    const march = withDays(YEAR_2025, { to: '2025-03-31' });
    expect(march).toEqual({ ...YEAR_2025, to: '2025-03-31', year: '' });
    expect(withDays(march, { to: '2025-12-31' }).year).toBe('2025');
  });

  it('says what is wrong with the days or the search', () => {
    expect(packFormError(YEAR_2025)).toBeNull();
    expect(packFormError({ ...YEAR_2025, from: '' })).toBe('Enter the first day of the pack');
    expect(packFormError({ ...YEAR_2025, to: '2025-02-30' })).toBe('Enter the last day of the pack');
    expect(packFormError({ ...YEAR_2025, from: '2025-06-01', to: '2025-05-31' })).toBe('The first day must not be after the last day');
    expect(packFormError({ ...YEAR_2025, search: 'x'.repeat(101) })).toBe('The search must be at most 100 characters');
  });

  it('sends only the filters given, the search trimmed', () => {
    expect(packQuery(YEAR_2025)).toBe('from=2025-01-01&to=2025-12-31');
    expect(packQuery({ ...YEAR_2025, categoryId: 'c-food', search: '  café & co ' })).toBe(
      'from=2025-01-01&to=2025-12-31&category_id=c-food&q=caf%C3%A9+%26+co',
    );
  });
});

describe('EvidencePackDialog', () => {
  let server: Awaited<ReturnType<typeof startStandInServer>>;
  beforeEach(async () => {
    server = await startStandInServer(({ path }) => {
      if (path === '/categories') return { status: 200, body: [FOOD_CATEGORY, OTHER_CATEGORY] };
      return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Category not found' } };
    });
  });
  afterEach(() => server.close());

  const packRequests = () => server.requests.filter((r) => r.path === '/api/export/pack');

  it('asks for the days, category and search chosen, and shows why the server refused', async () => {
    const user = userEvent.setup();
    const closed = jest.fn();
    renderScreen(<EvidencePackDialog onClose={closed} />, { route: '/settings' });
    const dialog = await screen.findByRole('dialog', { name: 'Evidence pack' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2025-02-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2025-03-31' } });
    expect(within(dialog).getByRole('combobox', { name: 'Year' })).toHaveTextContent('Other days');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Food' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Search' }), 'soup');
    await user.click(within(dialog).getByRole('button', { name: 'Download pack' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to make the evidence pack: Category not found');
    expect(packRequests().map((r) => r.query)).toEqual(['from=2025-02-01&to=2025-03-31&category_id=c-food&q=soup']);
    expect(closed).not.toHaveBeenCalled();
  });

  it('fills in a whole year when one is chosen', async () => {
    const user = userEvent.setup();
    renderScreen(<EvidencePackDialog onClose={() => undefined} />, { route: '/settings' });
    const dialog = await screen.findByRole('dialog', { name: 'Evidence pack' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Year' }));
    const year = (await screen.findAllByRole('option'))[2].textContent!;
    await user.click(screen.getByRole('option', { name: year }));
    expect(within(dialog).getByLabelText('From')).toHaveValue(`${year}-01-01`);
    expect(within(dialog).getByLabelText('To')).toHaveValue(`${year}-12-31`);
  });

  it('sends nothing while the first day is after the last', async () => {
    const user = userEvent.setup();
    renderScreen(<EvidencePackDialog onClose={() => undefined} />, { route: '/settings' });
    const dialog = await screen.findByRole('dialog', { name: 'Evidence pack' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2025-06-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2025-05-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Download pack' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The first day must not be after the last day');
    await waitFor(() => expect(server.requests.some((r) => r.path === '/categories')).toBe(true));
    expect(packRequests()).toEqual([]);
  });
});
