import { Link } from '@mui/material';
import { focusMainHeading } from './useFocusHeadingOnNavigate';

/** The first stop of the Tab key: straight to the screen, past the header and the navigation. Hidden until focused. */
export function SkipLink({ mainId }: { mainId: string }) {
  return (
    <Link
      href={`#${mainId}`}
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById(mainId);
        if (main) focusMainHeading(main);
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: (theme) => `2px solid ${theme.palette.primary.main}` },
      }}
    >
      Skip to main content
    </Link>
  );
}
