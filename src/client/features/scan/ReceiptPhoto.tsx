import { useState } from 'react';
import { Box, IconButton, type SxProps, type Theme } from '@mui/material';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import { PhotoDialog } from './PhotoDialog';

export const ENLARGE_PHOTO = 'Enlarge the photo';

export interface ReceiptPhotoProps {
  src: string;
  alt: string;
  /** The photo's size and look beside the form. */
  sx?: SxProps<Theme>;
}

/**
 * The receipt photo beside the fields to check, and the way to open it large (a button on its
 * corner, or a click on the photo itself): the print of a receipt is often too small to read here.
 */
export function ReceiptPhoto({ src, alt, sx }: ReceiptPhotoProps) {
  const [open, setOpen] = useState(false);
  return (
    // As wide as the photo shown, so the button sits on the photo's corner.
    <Box sx={{ position: 'relative', width: 'fit-content', maxWidth: '100%', mx: 'auto' }}>
      <Box
        component="img"
        src={src}
        alt={alt}
        onClick={() => setOpen(true)}
        sx={[{ display: 'block', maxWidth: '100%', cursor: 'zoom-in' }, ...(Array.isArray(sx) ? sx : [sx])]}
      />
      <IconButton
        aria-label={ENLARGE_PHOTO}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        size="small"
        sx={{
          position: 'absolute',
          top: 8,
          right: 8,
          bgcolor: 'background.paper',
          boxShadow: 1,
          '&:hover': { bgcolor: 'background.paper' },
          '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        }}
      >
        <ZoomOutMapIcon fontSize="small" />
      </IconButton>
      <PhotoDialog open={open} src={src} onClose={() => setOpen(false)} />
    </Box>
  );
}
