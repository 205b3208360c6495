import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { NeedsServer } from '../../../src/client/ui/NeedsServer';
import { noteAnswer, OFFLINE_REASON } from '../../../src/client/ui/connectivity';
import { api, type ApiError } from '../../../src/client/api/api';
import { makeStore } from '../../../src/client/app/store';
import { NO_SERVER, useClosedApiPort } from './renderScreen';

const SAVED_AT = new Date(2026, 10, 30, 9, 15).getTime();

afterEach(() => act(() => noteAnswer(null)));

describe('a control that asks the server', () => {
  it('is off while offline, with the reason as its description, and back on once the server answers', async () => {
    const pressed: string[] = [];
    render(
      <NeedsServer>
        <Button onClick={() => pressed.push('mark all')}>Mark all read</Button>
      </NeedsServer>,
    );
    const button = screen.getByRole('button', { name: 'Mark all read' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription();

    act(() => noteAnswer(SAVED_AT));
    const off = screen.getByRole('button', { name: 'Mark all read' });
    expect(off).toBeDisabled();
    expect(off).toHaveAccessibleDescription(OFFLINE_REASON);
    await userEvent.click(off, { pointerEventsCheck: 0 });
    expect(pressed).toEqual([]);

    act(() => noteAnswer(null));
    const on = screen.getByRole('button', { name: 'Mark all read' });
    expect(on).toBeEnabled();
    expect(on).not.toHaveAccessibleDescription();
    await userEvent.click(on);
    expect(pressed).toEqual(['mark all']);
  });

  it("keeps an icon button's own tooltip online and shows the reason in its place offline", async () => {
    const deleteButton = () => (
      <NeedsServer tooltip="Delete">
        <Button aria-label="Delete Food">x</Button>
      </NeedsServer>
    );
    const online = render(deleteButton());
    await userEvent.hover(screen.getByRole('button', { name: 'Delete Food' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Delete$/);
    online.unmount();

    act(() => noteAnswer(SAVED_AT));
    render(deleteButton());
    // A disabled button gets no pointer events: the tooltip listens on the element around it.
    await userEvent.hover(screen.getByRole('button', { name: 'Delete Food' }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(OFFLINE_REASON);
  });

  it('turns a whole group of choices off, and leaves a control that asks no server alone', () => {
    act(() => noteAnswer(SAVED_AT));
    render(
      <>
        <NeedsServer>
          <FormControl component="fieldset">
            <FormLabel component="legend">Theme</FormLabel>
            <RadioGroup value="light">
              <FormControlLabel value="light" control={<Radio />} label="Light" />
              <FormControlLabel value="dark" control={<Radio />} label="Dark" />
            </RadioGroup>
          </FormControl>
        </NeedsServer>
        <NeedsServer needed={false}>
          <Button>Edit</Button>
        </NeedsServer>
      </>,
    );
    expect(screen.getByRole('radio', { name: 'Light' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Theme' })).toHaveAccessibleDescription(OFFLINE_REASON);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });
});

describe('a change sent anyway', () => {
  const probe = api.injectEndpoints({
    endpoints: (build) => ({
      offlineProbe: build.mutation<void, void>({ query: () => ({ url: '/categories', method: 'POST', body: { name: 'Food' } }) }),
      offlineProbeRead: build.query<void, void>({ query: () => '/categories' }),
    }),
  });

  beforeAll(useClosedApiPort);

  async function send(): Promise<ApiError> {
    const store = makeStore();
    const result = await store.dispatch(probe.endpoints.offlineProbe.initiate());
    return result.error as ApiError;
  }

  it('answers the offline reason while offline, and the unreachable server otherwise', async () => {
    act(() => noteAnswer(SAVED_AT));
    expect(await send()).toEqual({ status: 'FETCH_ERROR', message: OFFLINE_REASON });
    act(() => noteAnswer(null));
    expect((await send()).message).toBe(NO_SERVER);
  });

  it('leaves a failed read as it was: reading offline is what the saved answers are for', async () => {
    act(() => noteAnswer(SAVED_AT));
    const store = makeStore();
    const result = await store.dispatch(probe.endpoints.offlineProbeRead.initiate());
    expect((result.error as ApiError).message).toBe(NO_SERVER);
  });
});
