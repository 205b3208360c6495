import { Drawer } from '@mui/material';
import { Sidebar } from './Sidebar';
import { SIDEBAR_WIDTH } from './sidebarWidth';

/** The navigation as a modal drawer on small screens (MUI Modal, focus trap, slide). */
export default function PhoneDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}>
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
