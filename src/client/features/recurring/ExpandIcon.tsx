import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

/** The chevron of a disclosure button: down while closed, up while open. */
export function ExpandIcon({ open }: { open: boolean }) {
  return <ExpandMoreIcon aria-hidden sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }} />;
}
