import { useRef, type ChangeEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DocumentScannerOutlinedIcon from '@mui/icons-material/DocumentScannerOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { imageOf, type ScanFlow } from './scanFlow';
import { ScanStages } from './ScanStages';

export interface ImagePanelProps {
  flow: ScanFlow;
  onFile: (file: File) => void;
  onScan: () => void;
  onManualEntry: () => void;
  onCancel: () => void;
}

/**
 * Choosing the receipt picture (the scan starts at once), the stages of the scan, its preview,
 * and after a failed scan the Scan / Enter manually / Change image actions; Cancel throughout.
 */
export function ImagePanel({ flow, onFile, onScan, onManualEntry, onCancel }: ImagePanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const image = imageOf(flow);
  const error = flow.step === 'empty' || flow.step === 'chosen' ? flow.error : null;
  const busy = flow.step === 'preparing' || flow.step === 'scanning';

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Clear the input so choosing the same file again (after Cancel) still fires a change.
    e.target.value = '';
    if (file) onFile(file);
  };

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Receipt image
        </Typography>
        <input ref={input} id="receipt-image-input" type="file" accept="image/*" hidden onChange={picked} aria-label="Receipt image file" />
        {busy && <ScanStages stage={flow.step === 'scanning' ? 'server' : 'preparing'} />}

        {error && (
          <Alert severity="error" role="alert">
            {error}
            {flow.step === 'chosen' && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                You can still enter the receipt by hand and save it with this image.
              </Typography>
            )}
          </Alert>
        )}

        {/* Above the preview: a tall photo must not push the actions below the fold. */}
        {(busy || (image && flow.step !== 'review')) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {flow.step === 'chosen' && (
              <>
                <Button variant="contained" startIcon={<DocumentScannerOutlinedIcon />} onClick={onScan}>
                  Scan
                </Button>
                <Button variant="outlined" startIcon={<EditNoteIcon />} onClick={onManualEntry}>
                  Enter manually
                </Button>
                <Button onClick={() => input.current?.click()}>Change image</Button>
              </>
            )}
            <Button color="inherit" onClick={onCancel}>
              Cancel
            </Button>
          </Box>
        )}

        {image ? (
          <Box component="figure" sx={{ m: 0, display: 'grid', justifyItems: 'center', gap: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
            <Box
              component="img"
              src={image.dataUrl}
              alt="Receipt preview"
              sx={{ maxWidth: '100%', maxHeight: { xs: 360, md: 520 }, objectFit: 'contain', borderRadius: 0.5 }}
            />
            <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {image.name}
            </Typography>
          </Box>
        ) : (
          !busy && (
            <Box
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 2,
                p: { xs: 3, sm: 5 },
                textAlign: 'center',
                display: 'grid',
                gap: 1.5,
                justifyItems: 'center',
              }}
            >
              <Typography color="text.secondary">Choose a photo or scan of a receipt (JPEG, PNG or WebP). Scanning starts as soon as you choose it.</Typography>
              <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => input.current?.click()}>
                Choose image
              </Button>
            </Box>
          )
        )}
      </CardContent>
    </Card>
  );
}
