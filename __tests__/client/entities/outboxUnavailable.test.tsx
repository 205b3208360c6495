import { File as NodeFile } from 'node:buffer';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../../src/client/app/store';
import { signedIn } from '../../../src/client/auth/sessionSlice';
import { listOutbox, OUTBOX_UNAVAILABLE, OutboxUnavailable } from '../../../src/client/entities/outbox/outboxStore';
import { outbox } from '../../../src/client/features/scan/outbox/outbox';
import { useBulkUpload } from '../../../src/client/features/scan/useBulkUpload';
import { useClosedApiPort } from '../ui/renderScreen';

/**
 * A browser that keeps no IndexedDB (jsdom has none, as some private windows and policies): Tally
 * still starts and signs in, the outbox reads as empty, and a photo it cannot keep is said to be
 * failed rather than kept. The API is a closed port, so an upload fails as unreachable.
 */
beforeAll(useClosedApiPort);

// Node's File: the FormData the upload fills is Node's, which takes no jsdom File.
const photo = () => new NodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' }) as unknown as File;

it('reads as empty and starts for the person signed in', async () => {
  expect(typeof indexedDB).toBe('undefined');
  const uploaded = jest.fn();
  await expect(outbox.signedInAs('u1', uploaded)).resolves.toBeUndefined();
  expect(outbox.snapshot()).toMatchObject({ uid: 'u1', photos: [] });
  await expect(listOutbox('u1')).resolves.toEqual([]);
  await outbox.signedInAs(null, uploaded);
});

it('refuses to keep a photo, saying why', async () => {
  await expect(outbox.keep('u1', [{ id: 'c1', name: 'a.png', blob: photo() }])).rejects.toBeInstanceOf(OutboxUnavailable);
});

it('marks a photo that could neither be sent nor kept as failed, not kept', async () => {
  const store = makeStore();
  store.dispatch(signedIn({ uid: 'u1', email: 'a@b.co', displayName: 'A', photoURL: null, emailVerified: true }));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useBulkUpload(), { wrapper });
  act(() => result.current.start([photo()]));
  await waitFor(() => expect(result.current.done).toBe(true));
  expect(result.current.items).toEqual([expect.objectContaining({ state: 'failed', error: OUTBOX_UNAVAILABLE })]);
});
