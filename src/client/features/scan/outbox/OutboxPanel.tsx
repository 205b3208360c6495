import { useEffect, useMemo } from 'react';
import { Alert, Box, Card, type SxProps, type Theme, CardContent, IconButton, LinearProgress, List, ListItem, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { outbox } from './outbox';
import { useOutbox } from './useOutbox';

/** 'Waiting to upload (3)': the photos kept on this device until the server can be reached, each with its thumbnail and a way to remove it. */
export function OutboxPanel({ sx }: { sx?: SxProps<Theme> }) {
  const { photos, sending } = useOutbox();
  // A thumbnail per photo, made once and let go when the photo leaves the list.
  const thumbnails = useMemo(() => new Map(photos.map((p) => [p.id, URL.createObjectURL(p.blob)])), [photos]);
  useEffect(() => () => thumbnails.forEach((url) => URL.revokeObjectURL(url)), [thumbnails]);
  if (photos.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="outbox-heading" sx={sx}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="outbox-heading" variant="h6" component="h2">
          Waiting to upload ({photos.length})
        </Typography>
        <Typography color="text.secondary" role="status" aria-live="polite">
          {sending ? 'Uploading…' : 'Saved on this device. They upload by themselves when Tally can reach the server.'}
        </Typography>
        <List dense aria-label="Waiting to upload" sx={{ display: 'grid', gap: 1 }}>
          {photos.map((photo) => (
            <ListItem key={photo.id} disableGutters sx={{ display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr) auto', gap: 1.5, alignItems: 'center' }}>
              <Box
                component="img"
                src={thumbnails.get(photo.id)}
                alt=""
                sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography noWrap>{photo.name}</Typography>
                {photo.error ? (
                  <Alert severity="error" sx={{ py: 0 }}>
                    {photo.error}
                  </Alert>
                ) : sending?.id === photo.id ? (
                  <LinearProgress variant="determinate" value={Math.round(sending.progress * 100)} aria-label={`Uploading ${photo.name}`} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Waiting
                  </Typography>
                )}
              </Box>
              <IconButton aria-label={`Remove ${photo.name}`} onClick={() => void outbox.remove(photo.id)} disabled={sending?.id === photo.id}>
                <DeleteOutlineIcon />
              </IconButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
