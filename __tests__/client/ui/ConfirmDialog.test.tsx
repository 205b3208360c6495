import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../../../src/client/ui/ConfirmDialog';
import { EmptyState } from '../../../src/client/ui/EmptyState';

it('asks, then confirms or cancels', async () => {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(<ConfirmDialog open title="Delete receipt?" message="Are you sure?" onConfirm={onConfirm} onCancel={onCancel} />);
  const dialog = screen.getByRole('dialog', { name: 'Delete receipt?' });
  expect(dialog).toHaveAccessibleDescription('Are you sure?');
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});

it('locks both buttons while the action runs and shows its failure', () => {
  render(<ConfirmDialog open busy title="Delete?" message="Sure?" error="Failed to delete receipt" onConfirm={() => undefined} onCancel={() => undefined} />);
  expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete receipt');
});

it('shows an empty state with its next step', () => {
  render(<EmptyState message="Nothing here." action={<button type="button">Add one</button>} />);
  expect(screen.getByRole('status')).toHaveTextContent('Nothing here.');
  expect(screen.getByRole('button', { name: 'Add one' })).toBeInTheDocument();
});
