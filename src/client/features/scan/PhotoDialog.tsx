import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';

/** How much larger than the whole photo in the window it can be shown: 1 is the whole photo. */
const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

export interface PhotoDialogProps {
  open: boolean;
  src: string;
  onClose: () => void;
}

/** The zoom step as the dialog says it: '100%' for the whole photo, then '150%'… of it. */
const zoomText = (zoom: number) => `${zoom * 100}%`;

/**
 * The receipt photo as large as the window allows, to read its small print: zoom in and out
 * (buttons, or + and -), the zoomed photo scrolls (also with the arrow keys, the photo's region
 * having the focus), Escape or Close shuts it.
 */
export function PhotoDialog({ open, src, onClose }: PhotoDialogProps) {
  const theme = useTheme();
  // The whole window on a phone, and on a window made short by zooming the page: the photo needs every pixel.
  const phone = useMediaQuery(`${theme.breakpoints.down('sm')}, (max-height: 499.95px)`);
  const titleId = useId();
  const region = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState(0);
  const zoom = ZOOM_STEPS[step];
  const last = ZOOM_STEPS.length - 1;
  const zoomTo = (next: number) => {
    const to = Math.min(Math.max(next, 0), last);
    setStep(to);
    // The button pressed is disabled at either end: the focus goes on to the photo, not out of the dialog.
    if (to === 0 || to === last) region.current?.focus();
  };

  const keys = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') zoomTo(step + 1);
    else if (e.key === '-') zoomTo(step - 1);
    else if (e.key === '0') zoomTo(0);
    else return;
    e.preventDefault();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth={false}
      onKeyDown={keys}
      // Each opening starts with the whole photo.
      slotProps={{ transition: { onExited: () => setStep(0) } }}
      sx={{ '& .MuiDialog-paper': phone ? {} : { width: 'min(1100px, calc(100% - 64px))', height: 'calc(100% - 64px)' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, pr: 1 }}>
        <DialogTitle id={titleId} sx={{ flexGrow: 1, py: 1.5 }}>
          Receipt photo
        </DialogTitle>
        <Box role="toolbar" aria-label="Zoom" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Tooltip title="Zoom out (-)">
            <span>
              <IconButton aria-label="Zoom out" onClick={() => zoomTo(step - 1)} disabled={step === 0}>
                <ZoomOutIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography component="span" variant="body2" aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
            {zoomText(zoom)}
          </Typography>
          <Tooltip title="Zoom in (+)">
            <span>
              <IconButton aria-label="Zoom in" onClick={() => zoomTo(step + 1)} disabled={step === last}>
                <ZoomInIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Button onClick={() => zoomTo(0)} disabled={step === 0} size="small">
            Whole photo
          </Button>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
      </Box>
      <DialogContent dividers sx={{ p: 0, display: 'flex' }}>
        <ZoomedPhoto src={src} zoom={zoom} region={region} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The photo in a region that scrolls once it is zoomed in. The whole photo fits the region
 * (object-fit); zoomed in, its size is that fitted size times the zoom.
 */
function ZoomedPhoto({ src, zoom, region }: { src: string; zoom: number; region: RefObject<HTMLDivElement | null> }) {
  const photo = useRef<HTMLImageElement>(null);
  const [fitted, setFitted] = useState<{ width: number; height: number } | null>(null);

  // The region takes the focus as the dialog opens (before the dialog would take it itself), so the arrow keys scroll the photo at once.
  useEffect(() => region.current?.focus(), [region]);

  /**
   * The size of the whole photo in the region, measured again whenever the region's own size
   * changes, whatever changed it (the window, the toolbar wrapping, the dialog settling): the
   * window's 'resize' event alone missed some of these and left the zoomed photo the wrong size.
   */
  useEffect(() => {
    const measure = () => {
      const [box, img] = [region.current, photo.current];
      if (!box || !img?.naturalWidth || !img.naturalHeight) return;
      // The region's outer size: its scroll bars, once zoomed in, do not make the whole photo smaller.
      const scale = Math.min(box.offsetWidth / img.naturalWidth, box.offsetHeight / img.naturalHeight);
      const next = { width: img.naturalWidth * scale, height: img.naturalHeight * scale };
      setFitted((was) => (was?.width === next.width && was.height === next.height ? was : next));
    };
    const img = photo.current;
    const box = region.current;
    if (img?.complete) measure();
    img?.addEventListener('load', measure);
    // Without a ResizeObserver (an older browser, jsdom), the window's resize events.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (resized && box) resized.observe(box, { box: 'border-box' });
    else window.addEventListener('resize', measure);
    return () => {
      img?.removeEventListener('load', measure);
      resized?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [src, region]);

  const zoomed = zoom > 1 && fitted;
  return (
    <Box
      ref={region}
      role="region"
      aria-label="The photo, scrollable when zoomed in"
      tabIndex={0}
      sx={{
        flex: 1,
        minHeight: 0,
        position: 'relative',
        overflow: 'auto',
        bgcolor: 'action.hover',
        '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Box
        ref={photo}
        component="img"
        src={src}
        alt="The receipt, enlarged"
        sx={
          zoomed
            ? // Centred while narrower than the region; from its left edge once wider, so the scroll reaches every part.
              { display: 'block', mx: 'auto', width: fitted.width * zoom, height: fitted.height * zoom, maxWidth: 'none' }
            : { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }
        }
      />
    </Box>
  );
}
