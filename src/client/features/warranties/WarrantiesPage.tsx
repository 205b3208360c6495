import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { ReactNode } from 'react';
import type { WarrantyEntry } from '../../../shared/warranties';
import { PageHeader } from '../../ui/PageHeader';
import { LoadingView } from '../../ui/LoadingView';
import { ErrorState } from '../../ui/ErrorState';
import { EmptyState } from '../../ui/EmptyState';
import { LinkButton } from '../../ui/LinkButton';
import { formatMoney } from '../../ui/money';
import { formatDate, todayIso } from '../../ui/dates';
import { errorMessage } from '../../api/api';
import { useGetWarrantiesQuery } from './warrantiesApi';
import { boughtText, daysLeftText, entryName, NOTHING_TO_RETURN, NOTHING_UNDER_WARRANTY } from './warrantyText';

/** One receipt or item: what it is, where and when it was bought, its deadline, and links to its receipt and original. */
function EntryRow({ headingId, entry, deadline, today }: { headingId: string; entry: WarrantyEntry; deadline: 'Return by' | 'Warranty until'; today: string }) {
  const name = entryName(entry);
  return (
    <Box
      component="li"
      aria-labelledby={headingId}
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 }, display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, rowGap: 0.5 }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatMoney(entry.amount, entry.currency)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Bought {boughtText(entry)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2">
          {deadline} {formatDate(entry.until)}
        </Typography>
        <Chip size="small" variant="outlined" label={daysLeftText(entry.until, today)} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <LinkButton to={`/receipts/${entry.receipt_id}`} size="small" variant="outlined" aria-label={`Open receipt: ${name}`}>
          Open receipt
        </LinkButton>
        {entry.original_url && (
          <Button
            size="small"
            href={entry.original_url}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon aria-hidden />}
            aria-label={`View original: ${name} (opens in a new tab)`}
          >
            View original
          </Button>
        )}
      </Box>
    </Box>
  );
}

interface SectionProps {
  id: string;
  title: string;
  icon: ReactNode;
  entries: WarrantyEntry[];
  empty: string;
  deadline: 'Return by' | 'Warranty until';
  today: string;
}

function Section({ id, title, icon, entries, empty, deadline, today }: SectionProps) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" aria-hidden sx={{ display: 'inline-flex', color: 'primary.main' }}>
            {icon}
          </Box>
          {title}
        </Typography>
        {entries.length === 0 ? (
          <EmptyState message={empty} />
        ) : (
          <Box component="ul" aria-labelledby={id} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry, i) => (
              <EntryRow key={i} headingId={`${id}-${i}`} entry={entry} deadline={deadline} today={today} />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The two lists, in the order they stand: the nearer kind of deadline first. */
const SECTIONS = [
  {
    id: 'returns-heading',
    list: 'returns',
    title: 'Can still be returned',
    icon: <AssignmentReturnOutlinedIcon />,
    empty: NOTHING_TO_RETURN,
    deadline: 'Return by',
  },
  {
    id: 'warranties-heading',
    list: 'warranties',
    title: 'Under warranty',
    icon: <VerifiedUserOutlinedIcon />,
    empty: NOTHING_UNDER_WARRANTY,
    deadline: 'Warranty until',
  },
] as const;

/**
 * What can still be returned and what is still under warranty, receipts and items alike, the
 * furthest deadline first: its own screen in the navigation, since a person looks for it when
 * something breaks or does not fit, long after the receipt was saved.
 */
export default function WarrantiesPage() {
  const { data, error, isLoading, refetch } = useGetWarrantiesQuery();
  const today = todayIso();
  return (
    <>
      <PageHeader title="Warranties" subtitle="What you can still return, and what is still under warranty, with each receipt and its original." />
      {isLoading ? (
        <LoadingView label="Loading warranties..." />
      ) : error || !data ? (
        <ErrorState message={`Error loading warranties: ${errorMessage(error, 'unknown error')}`} onRetry={() => void refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {SECTIONS.map(({ list, ...section }) => (
            <Section key={section.id} {...section} entries={data[list]} today={today} />
          ))}
        </Box>
      )}
    </>
  );
}
