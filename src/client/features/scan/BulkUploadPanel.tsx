import { Alert, Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import CloudQueueIcon from '@mui/icons-material/CloudQueueOutlined';
import { MAX_DRAFT_FILES } from '../../../shared/constants/drafts';
import type { BulkUpload } from './useBulkUpload';
import { LinkButton } from '../../ui/LinkButton';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A batch of photos going up, each with its progress, then how many are being read and the way to the review queue. */
export function BulkUploadPanel({ upload, onMore }: { upload: BulkUpload; onMore: () => void }) {
  const { items, leftOut, done } = upload;
  const uploaded = items.filter((i) => i.state === 'uploaded').length;
  const kept = items.filter((i) => i.state === 'kept').length;
  const failed = items.filter((i) => i.state === 'failed').length;
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {done ? (kept && !uploaded ? 'Photos saved on this device' : 'Photos uploaded') : `Uploading ${plural(items.length, 'photo', 'photos')}`}
        </Typography>
        {leftOut > 0 && (
          <Alert severity="warning">
            Only the first {MAX_DRAFT_FILES} photos were added: {plural(leftOut, 'photo was', 'photos were')} left out. Add them once these are up.
          </Alert>
        )}
        <Box role="status" aria-live="polite">
          {done && kept > 0 && (
            <Alert severity="info" sx={{ mb: uploaded || failed ? 1 : 0 }}>
              Tally cannot reach the server right now. {plural(kept, 'photo is', 'photos are')} saved on this device and will upload by{' '}
              {kept === 1 ? 'itself' : 'themselves'} when it can.
            </Alert>
          )}
          {done && kept > 0 && !uploaded ? null : done ? (
            <Alert
              severity={uploaded ? 'success' : 'error'}
              action={
                uploaded ? (
                  <LinkButton to="/receipts/review" color="inherit" size="small">
                    Review receipts
                  </LinkButton>
                ) : undefined
              }
            >
              {uploaded
                ? `${plural(uploaded, 'receipt is', 'receipts are')} being read. Review ${uploaded === 1 ? 'it' : 'them'} as they become ready.`
                : 'No photo could be uploaded.'}
              {failed > 0 && uploaded > 0 && ` ${plural(failed, 'photo', 'photos')} could not be uploaded (see below).`}
            </Alert>
          ) : (
            <Typography color="text.secondary">
              {uploaded} of {items.length} uploaded. They are read in the background: you can leave this page.
            </Typography>
          )}
        </Box>
        <List dense aria-label="Photos">
          {items.map((item) => (
            <ListItem key={item.key} disableGutters sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 1, alignItems: 'center' }}>
              <ListItemText
                primary={item.name}
                secondary={
                  item.state === 'failed'
                    ? item.error
                    : item.state === 'uploaded'
                      ? 'Uploaded'
                      : item.state === 'kept'
                        ? 'Waiting to upload, saved on this device'
                        : item.state === 'uploading'
                          ? 'Uploading…'
                          : 'Waiting'
                }
                slotProps={{ primary: { noWrap: true }, secondary: { color: item.state === 'failed' ? 'error' : 'text.secondary' } }}
              />
              {item.state === 'uploaded' ? (
                <CheckCircleOutlineIcon color="success" aria-hidden />
              ) : item.state === 'kept' ? (
                <CloudQueueIcon color="action" aria-hidden />
              ) : item.state === 'failed' ? (
                <ErrorOutlineIcon color="error" aria-hidden />
              ) : (
                <LinearProgress variant="determinate" value={Math.round(item.progress * 100)} sx={{ width: 96 }} aria-label={`Uploading ${item.name}`} />
              )}
            </ListItem>
          ))}
        </List>
        {done && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <LinkButton variant="contained" to="/receipts/review">
              Go to review queue
            </LinkButton>
            <Button onClick={onMore}>Add more photos</Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
