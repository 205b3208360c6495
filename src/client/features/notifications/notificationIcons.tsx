import type { SvgIconProps } from '@mui/material';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import WarningIcon from '@mui/icons-material/WarningAmber';
import TipIcon from '@mui/icons-material/LightbulbOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';

type IconSpec = { Icon: typeof ReceiptIcon; color: SvgIconProps['color'] };

/** Spec §2: budget and alert share a warning-style icon, alert in red; unknown types get the bell. */
const ICONS: Record<string, IconSpec> = {
  receipt: { Icon: ReceiptIcon, color: 'primary' },
  budget: { Icon: WarningIcon, color: 'warning' },
  tip: { Icon: TipIcon, color: 'info' },
  alert: { Icon: WarningIcon, color: 'error' },
};
const DEFAULT_ICON: IconSpec = { Icon: NotificationsIcon, color: 'action' };

export function notificationIcon(type: string): IconSpec {
  return Object.hasOwn(ICONS, type) ? ICONS[type] : DEFAULT_ICON;
}

export function NotificationIcon({ type }: { type: string }) {
  const { Icon, color } = notificationIcon(type);
  return <Icon color={color} data-testid={`notification-icon-${type}`} aria-hidden />;
}
