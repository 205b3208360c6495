import { useId, useRef, useState, type DragEvent } from 'react';
import { Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { FormAlert } from '../../ui/FormAlert';
import { STATEMENT_ACCEPT } from './statementFile';
import { StepHeading } from './StepHeading';
import { STEP_CONTENT_SX } from './stepLayout';
import { NeedsServer } from '../../ui/NeedsServer';

export interface FilePickerProps {
  onChoose: (file: File) => void;
  /** The chosen file is being uploaded and read. */
  reading: boolean;
  failure: string | null;
  /** False on the screen's first view, where the page's own heading has the focus. */
  focusHeading: boolean;
}

/** The first step: a button for the file picker, and a zone a file can be dropped on. */
export function FilePicker({ onChoose, reading, failure, focusHeading }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !reading) onChoose(file);
  };

  return (
    <Card>
      <CardContent sx={STEP_CONTENT_SX}>
        <StepHeading focus={focusHeading}>Choose the statement</StepHeading>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          data-testid="drop-zone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : 'transparent',
            borderRadius: 2,
            p: { xs: 2, sm: 4 },
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 2,
            textAlign: 'center',
          }}
        >
          <UploadFileIcon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
          <Typography id={hintId} color="text.secondary">
            Export the statement from your bank or card as a CSV file, then choose it here or drop it on this area.
          </Typography>
          <NeedsServer>
            <Button variant="contained" onClick={() => input.current?.click()} disabled={reading} aria-describedby={hintId}>
              Choose a CSV file
            </Button>
          </NeedsServer>
          <input
            ref={input}
            type="file"
            accept={STATEMENT_ACCEPT}
            hidden
            data-testid="statement-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again (after fixing it) is a change too.
              event.target.value = '';
              if (file) onChoose(file);
            }}
          />
        </Box>
        <Box role="status" aria-live="polite">
          {reading && (
            <>
              <Typography>Reading the statement…</Typography>
              <LinearProgress aria-label="Reading the statement" sx={{ mt: 1 }} />
            </>
          )}
        </Box>
        <FormAlert message={failure} />
      </CardContent>
    </Card>
  );
}
