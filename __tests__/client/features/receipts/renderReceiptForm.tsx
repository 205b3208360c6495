import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { UnsavedChangesProvider } from '../../../../src/client/ui/unsavedChanges/UnsavedChangesProvider';
import { Provider } from 'react-redux';
import type { AppStore } from '../../../../src/client/app/store';
import { ReceiptForm } from '../../../../src/client/features/receipts/ReceiptForm';
import type { ReceiptFormValues } from '../../../../src/client/features/receipts/receiptFormValues';

export const FORM_CATEGORIES = [
  { _id: 'c1', name: 'Food' },
  { _id: 'c2', name: 'Other' },
];

/** The Add/Edit form alone in `store`, under a data router (it guards its edits against navigation); its save is recorded. */
export function renderReceiptForm(store: AppStore, initial: ReceiptFormValues, serverError: string | null = null) {
  const onSubmit = jest.fn();
  const form = (
    <ReceiptForm
      initial={initial}
      categories={FORM_CATEGORIES}
      submitLabel="Save Receipt"
      saving={false}
      serverError={serverError}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />
  );
  render(
    <Provider store={store}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <UnsavedChangesProvider>{form}</UnsavedChangesProvider> }])} />
    </Provider>,
  );
  return { onSubmit, user: userEvent.setup() };
}
