import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

/** What the scanner read, collapsed by default, so a person can see where a field came from. */
export function RawTextSection({ text }: { text: string }) {
  return (
    <Accordion disableGutters slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="raw-text-content" id="raw-text-header">
        <Typography component="span" variant="subtitle1">
          Recognised text
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {text.trim() ? (
          <Box
            component="pre"
            tabIndex={0}
            aria-label="Text read from the receipt"
            sx={{
              m: 0,
              p: 1.5,
              maxHeight: 360,
              overflow: 'auto',
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: '0.8125rem',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
            }}
          >
            {text}
          </Box>
        ) : (
          <Typography color="text.secondary">No text could be read from this image.</Typography>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
