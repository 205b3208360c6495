import { failureMessage, isNotFound } from '../../../src/client/api/failureMessage';

describe('failureMessage', () => {
  it("appends the server's reason when a person can act on it", () => {
    expect(failureMessage('Failed to create category', { status: 409, message: 'A category named "Food" already exists' })).toBe(
      'Failed to create category: A category named "Food" already exists',
    );
    expect(failureMessage('Failed to save receipt', { status: 'FETCH_ERROR', message: 'Cannot reach the Tally server.' })).toBe(
      'Failed to save receipt: Cannot reach the Tally server.',
    );
  });

  it('keeps the plain text for server faults, sign-in problems and unknown errors', () => {
    expect(failureMessage('Failed to delete category', { status: 500, message: 'Internal Server Error' })).toBe('Failed to delete category');
    expect(failureMessage('Failed to delete category', { status: 401, message: 'Token expired' })).toBe('Failed to delete category');
    expect(failureMessage('Failed to delete category', new Error('boom'))).toBe('Failed to delete category');
    expect(failureMessage('Failed to delete category', undefined)).toBe('Failed to delete category');
  });
});

it('recognises the API 404', () => {
  expect(isNotFound({ status: 404, message: 'Receipt not found' })).toBe(true);
  expect(isNotFound({ status: 500, message: 'x' })).toBe(false);
  expect(isNotFound(undefined)).toBe(false);
});
