import { act, render, screen } from '@testing-library/react';
import { ConfirmDialog } from '../../../src/client/ui/ConfirmDialog';
import { SaveCancelButtons } from '../../../src/client/ui/SaveCancelButtons';
import { FormSubmit } from '../../../src/client/ui/FormSubmit';
import { noteAnswer, OFFLINE_REASON } from '../../../src/client/ui/connectivity';

const SAVED_AT = new Date(2026, 10, 30, 9, 15).getTime();

afterEach(() => act(() => noteAnswer(null)));

describe('saving while the screens show answers saved on the device', () => {
  it('turns Save off with the reason, and back on once the server answers', () => {
    render(<SaveCancelButtons onCancel={() => undefined} saving={false} saveLabel="Save" />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText(OFFLINE_REASON)).toBeNull();

    act(() => noteAnswer(SAVED_AT));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByText(OFFLINE_REASON)).toBeInTheDocument();

    act(() => noteAnswer(null));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText(OFFLINE_REASON)).toBeNull();
  });

  it("turns a form's submit and a confirmation off, but not a choice kept in the form", () => {
    act(() => noteAnswer(SAVED_AT));
    const form = render(<FormSubmit failure={null} busy={false} label="Save Receipt" busyLabel="Saving..." />);
    expect(screen.getByRole('button', { name: 'Save Receipt' })).toBeDisabled();
    expect(screen.getByText(OFFLINE_REASON)).toBeInTheDocument();
    form.unmount();

    render(<ConfirmDialog open title="Delete receipt?" message="Sure?" onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByText(OFFLINE_REASON)).toBeInTheDocument();
  });

  it('leaves a confirmation that asks no server alone', () => {
    act(() => noteAnswer(SAVED_AT));
    render(
      <ConfirmDialog
        open
        needsServer={false}
        title="Stop sharing?"
        message="Sure?"
        confirmLabel="Stop sharing"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Stop sharing' })).toBeEnabled();
    expect(screen.queryByText(OFFLINE_REASON)).toBeNull();
  });
});
