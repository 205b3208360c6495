import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '../../../../src/shared/notifications';
import { makeStore } from '../../../../src/client/app/store';
import { makeTheme } from '../../../../src/client/app/theme';
import { selectShowReadNotifications } from '../../../../src/client/app/uiSlice';
import { formatNotificationTime } from '../../../../src/client/features/notifications/format';
import { notificationsApi } from '../../../../src/client/features/notifications/notificationsApi';
import NotificationsPage from '../../../../src/client/features/notifications/NotificationsPage';
import { renderScreen, useClosedApiPort } from '../../ui/renderScreen';

beforeAll(useClosedApiPort);

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

const base = { message: 'Something happened', link: null, is_read: false, created_at: '2025-01-05T15:04:00.000Z' };
const notifications: Notification[] = [
  { ...base, id: 'n1', type: 'receipt', title: 'Receipt saved', message: 'Your receipt from Corner Shop for $12.00 was saved.', link: '/receipts/r1' },
  { ...base, id: 'n2', type: 'budget', title: 'Budget warning', link: '/' },
  { ...base, id: 'n3', type: 'alert', title: 'Food is over budget', link: '/categories' },
  { ...base, id: 'n4', type: 'tip', title: 'Welcome to Tally', link: '/receipts/scan', is_read: true },
  { ...base, id: 'n5', type: 'something-new', title: 'From the future' },
];

async function seeded(list: Notification[], showRead = false) {
  const store = makeStore();
  await store.dispatch(notificationsApi.util.upsertQueryData('getNotifications', showRead, list));
  await store.dispatch(notificationsApi.util.upsertQueryData('getUnreadCount', undefined, { count: list.filter((n) => !n.is_read).length }));
  return renderScreen(<NotificationsPage />, { route: '/notifications', store });
}

const cards = () => screen.getAllByTestId('notification-card');
const card = (title: string) => cards().find((c) => within(c).queryByRole('heading', { name: new RegExp(title) }))!;

it('shows each notification as a card with its icon, title, message, time and link', async () => {
  await seeded(notifications);
  expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Show read notifications' })).not.toBeChecked();
  expect(screen.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
  expect(cards()).toHaveLength(5);

  const receipt = card('Receipt saved');
  expect(receipt).toHaveTextContent('Your receipt from Corner Shop for $12.00 was saved.');
  expect(receipt).toHaveTextContent(formatNotificationTime('2025-01-05T15:04:00.000Z'));
  expect(within(receipt).getByRole('link')).toHaveAttribute('href', '/receipts/r1');
  expect(within(card('From the future')).getByRole('link')).toHaveAttribute('href', '#');

  const palette = makeTheme('light').palette;
  const icon = (title: string, type: string) => within(card(title)).getByTestId(`notification-icon-${type}`);
  expect(icon('Receipt saved', 'receipt')).toBeInTheDocument();
  expect(icon('Welcome to Tally', 'tip')).toBeInTheDocument();
  expect(icon('From the future', 'something-new')).toBeInTheDocument();
  // Budget and alert share the warning-style icon; alert is red.
  expect(icon('Budget warning', 'budget').innerHTML).toBe(icon('Food is over budget', 'alert').innerHTML);
  expect(icon('Budget warning', 'budget')).toHaveStyle({ color: palette.warning.main });
  expect(icon('Food is over budget', 'alert')).toHaveStyle({ color: palette.error.main });
  expect(icon('Receipt saved', 'receipt').innerHTML).not.toBe(icon('Budget warning', 'budget').innerHTML);
  expect(icon('From the future', 'something-new').innerHTML).not.toBe(icon('Receipt saved', 'receipt').innerHTML);

  // Unread cards are highlighted and have the small button; read ones neither.
  expect(card('Receipt saved')).toHaveAttribute('data-unread', 'true');
  expect(card('Welcome to Tally')).toHaveAttribute('data-unread', 'false');
  expect(within(card('Receipt saved')).getByRole('button', { name: 'Mark as read: Receipt saved' })).toBeInTheDocument();
  expect(within(card('Welcome to Tally')).queryByRole('button')).toBeNull();
  expect(within(card('Receipt saved')).getByRole('heading')).toHaveTextContent('Unread: Receipt saved');
});

it('marks one read by its button without leaving, and puts it back when the server refuses', async () => {
  const { store, router } = await seeded(notifications.slice(0, 3));
  const user = userEvent.setup();
  await user.click(within(card('Budget warning')).getByRole('button', { name: 'Mark as read: Budget warning' }));
  expect(router.state.location.pathname).toBe('/notifications');
  // Nothing answers on the API port, so the optimistic change is undone and only logged.
  await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to mark the notification read', expect.anything()));
  await waitFor(() => expect(cards()).toHaveLength(3));
  expect(notificationsApi.endpoints.getUnreadCount.select()(store.getState()).data).toEqual({ count: 3 });
  expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
});

it('clicking a card marks it read and follows its link', async () => {
  const { store, router } = await seeded(notifications.slice(0, 3));
  const user = userEvent.setup();
  await user.click(within(card('Food is over budget')).getByRole('link'));
  expect(router.state.location.pathname).toBe('/categories');
  // The request was sent (and, with no server here, refused and logged).
  await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to mark the notification read', expect.anything()));
  expect(store.getState().ui.showReadNotifications).toBe(false);
});

it('shows the empty state', async () => {
  await seeded([]);
  expect(screen.getByRole('heading', { level: 2, name: 'No notifications' })).toBeInTheDocument();
  expect(screen.getByText("You're all caught up!")).toBeInTheDocument();
  expect(screen.queryByTestId('notification-card')).toBeNull();
});

it('shows a spinner while loading, with Mark all read disabled; a failed load is only logged', async () => {
  renderScreen(<NotificationsPage />, { route: '/notifications' });
  expect(screen.getByText('Loading notifications...')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to load notifications', expect.anything()));
  expect(screen.queryByText('Loading notifications...')).toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
});

it('the checkbox shows read ones: it is kept in the store and fetches the other list', async () => {
  const { store } = await seeded(notifications.filter((n) => !n.is_read));
  const user = userEvent.setup();
  await user.click(screen.getByRole('checkbox', { name: 'Show read notifications' }));
  expect(selectShowReadNotifications(store.getState())).toBe(true);
  expect(store.getState().api.queries['getNotifications(true)']).toBeDefined();
  // The unread list is not shown for the other choice; its failed load is only logged.
  expect(screen.queryByTestId('notification-card')).toBeNull();
  await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to load notifications', expect.anything()));
  expect(screen.getByRole('checkbox', { name: 'Show read notifications' })).toBeChecked();
});

it('mark all read clears the unread list at once', async () => {
  const { store } = await seeded(notifications.filter((n) => !n.is_read));
  const user = userEvent.setup();
  const clicked = user.click(screen.getByRole('button', { name: 'Mark all read' }));
  await waitFor(() => expect(Object.values(store.getState().api.mutations).map((m) => m?.endpointName)).toEqual(['markAllNotificationsRead']));
  await clicked;
  await waitFor(() => expect(errors).toHaveBeenCalledWith('Failed to mark all notifications read', expect.anything()));
  // Undone after the refusal: the cards are back.
  await waitFor(() => expect(cards()).toHaveLength(4));
});
