import DashboardIcon from '@mui/icons-material/Dashboard';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import InboxIcon from '@mui/icons-material/Inbox';
import CategoryIcon from '@mui/icons-material/Category';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import GroupsIcon from '@mui/icons-material/Groups';
import BarChartIcon from '@mui/icons-material/BarChart';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactElement } from 'react';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactElement;
}

/** The sidebar of spec §2 plus every other screen a person looks for there (Logout is its own action). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: <DashboardIcon /> },
  { label: 'Receipts', to: '/receipts', icon: <ReceiptLongIcon /> },
  { label: 'Scan', to: '/receipts/scan', icon: <DocumentScannerIcon /> },
  { label: 'Review', to: '/receipts/review', icon: <InboxIcon /> },
  { label: 'Categories', to: '/categories', icon: <CategoryIcon /> },
  { label: 'Recurring', to: '/recurring', icon: <EventRepeatIcon /> },
  { label: 'Reports', to: '/analytics', icon: <BarChartIcon /> },
  { label: 'Prices', to: '/prices', icon: <SellOutlinedIcon /> },
  { label: 'Warranties', to: '/warranties', icon: <VerifiedUserOutlinedIcon /> },
  { label: 'Households', to: '/households', icon: <GroupsIcon /> },
  { label: 'Notifications', to: '/notifications', icon: <NotificationsIcon /> },
  { label: 'Profile', to: '/profile', icon: <PersonIcon /> },
  { label: 'Settings', to: '/settings', icon: <SettingsIcon /> },
];

const matches = (pathname: string, to: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

/** The item of the current screen: the most specific match (/receipts/scan is Scan, not Receipts). */
export function activeNavItem(pathname: string, items: readonly NavItem[] = NAV_ITEMS): NavItem | undefined {
  return items.filter((item) => matches(pathname, item.to)).sort((a, b) => b.to.length - a.to.length)[0];
}
