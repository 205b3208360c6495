import DashboardIcon from '@mui/icons-material/Dashboard';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import CategoryIcon from '@mui/icons-material/Category';
import PersonIcon from '@mui/icons-material/Person';
import type { ReactElement } from 'react';

/** The sidebar of spec §2 (Logout is its own action). */
export const NAV_ITEMS: ReadonlyArray<{ label: string; to: string; icon: ReactElement }> = [
  { label: 'Dashboard', to: '/', icon: <DashboardIcon /> },
  { label: 'Receipts', to: '/receipts', icon: <ReceiptLongIcon /> },
  { label: 'Categories', to: '/categories', icon: <CategoryIcon /> },
  { label: 'Profile', to: '/profile', icon: <PersonIcon /> },
];
