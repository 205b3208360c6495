import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DocumentScannerOutlinedIcon from '@mui/icons-material/DocumentScannerOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { imageOf, keepsImage, type ScanFlow } from './scanFlow';
import { MAX_DRAFT_FILES } from '../../../shared/constants/drafts';
import { ScanStages } from './ScanStages';
import { ReceiptPhoto } from './ReceiptPhoto';
import { RECEIPT_FILE_ACCEPT } from '../../../shared/constants/scan';
import { isPdfOriginal, PdfPages } from '../../entities/receipts/originalFile';

/** After a failed scan: typing the receipt in is offered with the image only when the server can keep it. */
export const BY_HAND_WITH_IMAGE = 'You can still enter the receipt by hand and save it with this image.';
export const BY_HAND_WITHOUT_IMAGE = 'You can still enter the receipt by hand; this file cannot be saved with it.';

export interface ImagePanelProps {
  flow: ScanFlow;
  /** One photo is scanned at once; several go to the review queue. */
  onFiles: (files: File[]) => void;
  onScan: () => void;
  onManualEntry: () => void;
  onCancel: () => void;
}

/**
 * Choosing the receipt picture (the scan starts at once), the stages of the scan, its preview,
 * and after a failed scan the Scan / Enter manually / Change image actions; Cancel throughout.
 */
export function ImagePanel({ flow, onFiles, onScan, onManualEntry, onCancel }: ImagePanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const image = imageOf(flow);
  const error = flow.step === 'empty' || flow.step === 'chosen' ? flow.error : null;
  const busy = flow.step === 'preparing' || flow.step === 'scanning';

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    // Clear the input so choosing the same file again (after Cancel) still fires a change.
    e.target.value = '';
    if (files.length) onFiles(files);
  };
  const dropped = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length) onFiles(files);
  };

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Receipt image
        </Typography>
        {/* No capture attribute: a phone then offers the camera and the photo library alike. */}
        <input
          ref={input}
          id="receipt-image-input"
          type="file"
          accept={RECEIPT_FILE_ACCEPT}
          multiple
          hidden
          onChange={picked}
          aria-label="Receipt image files"
        />
        {busy && <ScanStages stage={flow.step === 'scanning' ? 'server' : 'preparing'} />}

        {error && (
          <Alert severity="error" role="alert">
            {error}
            {flow.step === 'chosen' && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {keepsImage(flow) ? BY_HAND_WITH_IMAGE : BY_HAND_WITHOUT_IMAGE}
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
            {isPdfOriginal(image.dataUrl) ? (
              <PdfPages document={flow.step === 'review' ? flow.result?.document : null} alt="Receipt preview" maxHeight={520} />
            ) : (
              <ReceiptPhoto src={image.dataUrl} alt="Receipt preview" sx={{ maxHeight: { xs: 360, md: 520 }, objectFit: 'contain', borderRadius: 0.5 }} />
            )}
            <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {image.name}
            </Typography>
          </Box>
        ) : (
          !busy && (
            <Box
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={dropped}
              data-testid="receipt-drop-zone"
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: dragging ? 'primary.main' : 'divider',
                bgcolor: dragging ? 'action.hover' : undefined,
                borderRadius: 2,
                p: { xs: 3, sm: 5 },
                textAlign: 'center',
                display: 'grid',
                gap: 1.5,
                justifyItems: 'center',
              }}
            >
              <Typography color="text.secondary">
                Choose or drop a photo, scan or PDF of a receipt (JPEG, PNG, WebP or PDF): scanning starts at once. Several at once (up to {MAX_DRAFT_FILES})
                are read in the background for you to review one after another.
              </Typography>
              <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => input.current?.click()}>
                Choose images
              </Button>
            </Box>
          )
        )}
      </CardContent>
    </Card>
  );
}
