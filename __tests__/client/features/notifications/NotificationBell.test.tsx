import { screen } from '@testing-library/react';
import { NotificationBell } from '../../../../src/client/layout/NotificationBell';
import { renderScreen } from '../../ui/renderScreen';

it.each([
  [0, 'Notifications', null],
  [3, 'Notifications, 3 unread', '3'],
  [12, 'Notifications, 12 unread', '9+'],
])('with %d unread it is named %s and shows %s', (count, name, badge) => {
  renderScreen(<NotificationBell count={count} />, { route: '/' });
  const link = screen.getByRole('link', { name });
  expect(link).toHaveAttribute('href', '/notifications');
  const shown = link.querySelector('.MuiBadge-badge');
  if (badge === null) expect(shown).toHaveClass('MuiBadge-invisible');
  else expect(shown).toHaveTextContent(badge);
});
