import type { Notification } from '../../../../src/shared/notifications';
import { makeStore, type AppStore } from '../../../../src/client/app/store';
import { notificationsApi } from '../../../../src/client/features/notifications/notificationsApi';
import { useClosedApiPort } from '../../ui/renderScreen';

beforeAll(useClosedApiPort);

const note = (id: string, is_read = false): Notification => ({
  id,
  type: 'receipt',
  title: `Title ${id}`,
  message: `Message ${id}`,
  link: null,
  is_read,
  created_at: '2026-11-20T10:00:00.000Z',
});

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

async function seeded(unread: Notification[], all: Notification[], count: number): Promise<AppStore> {
  const store = makeStore();
  await store.dispatch(notificationsApi.util.upsertQueryData('getNotifications', false, unread));
  await store.dispatch(notificationsApi.util.upsertQueryData('getNotifications', true, all));
  await store.dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, { count }));
  return store;
}

const lists = (store: AppStore) => ({
  unread: notificationsApi.endpoints.getNotifications
    .select(false)(store.getState())
    .data?.map((n) => n.id),
  all: notificationsApi.endpoints.getNotifications
    .select(true)(store.getState())
    .data?.map((n) => [n.id, n.is_read]),
  count: notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data?.count,
});

it('marks one read at once everywhere, and undoes it when the server refuses', async () => {
  const store = await seeded([note('a'), note('b')], [note('a'), note('b'), note('c', true)], 2);
  const pending = store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('a'));
  expect(lists(store)).toEqual({
    unread: ['b'],
    all: [
      ['a', true],
      ['b', false],
      ['c', true],
    ],
    count: 1,
  });

  // Nothing listens on the API port: the request fails and the screen's state comes back.
  await pending;
  expect(lists(store)).toEqual({
    unread: ['a', 'b'],
    all: [
      ['a', false],
      ['b', false],
      ['c', true],
    ],
    count: 2,
  });
  expect(errors).toHaveBeenCalledWith('Failed to mark the notification read', expect.objectContaining({ error: expect.anything() }));
});

it('never takes the count below 0 nor counts an already read one', async () => {
  const store = await seeded([note('a')], [note('a'), note('c', true)], 0);
  const first = store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('a'));
  expect(lists(store).count).toBe(0);
  await first;
  const store2 = await seeded([note('a')], [note('a'), note('c', true)], 1);
  const second = store2.dispatch(notificationsApi.endpoints.markNotificationRead.initiate('c'));
  expect(lists(store2)).toEqual({
    unread: ['a'],
    all: [
      ['a', false],
      ['c', true],
    ],
    count: 1,
  });
  await second;
});

it('marks all read at once and undoes it when the server refuses', async () => {
  const store = await seeded([note('a'), note('b')], [note('a'), note('b'), note('c', true)], 2);
  const pending = store.dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate());
  expect(lists(store)).toEqual({
    unread: [],
    all: [
      ['a', true],
      ['b', true],
      ['c', true],
    ],
    count: 0,
  });
  await pending;
  expect(lists(store)).toEqual({
    unread: ['a', 'b'],
    all: [
      ['a', false],
      ['b', false],
      ['c', true],
    ],
    count: 2,
  });
  expect(errors).toHaveBeenCalledWith('Failed to mark all notifications read', expect.anything());
});
