import { BILL_REMINDER_DAYS } from '../../../shared/constants/recurring';
import type { RecurringSeries } from '../../../shared/recurring';
import { DismissedSection } from './DismissedSection';
import type { SeriesAction } from './seriesActions';
import { SeriesSection } from './SeriesSection';
import { groupByStatus } from './selectors';

export interface RecurringSectionsProps {
  list: readonly RecurringSeries[];
  busyId: string | null;
  onAction: (series: RecurringSeries, action: SeriesAction) => void;
}

/** The series by status: those to review first, then the confirmed bills, then the dismissed ones out of the way. */
export function RecurringSections({ list, ...actions }: RecurringSectionsProps) {
  const groups = groupByStatus(list);
  return (
    <>
      <SeriesSection
        title="To review"
        description="Found in your receipts. Confirm the real bills and dismiss the rest."
        emptyText="Nothing to review."
        series={groups.found}
        {...actions}
      />
      <SeriesSection
        title="Confirmed"
        description={`In your forecast, with a reminder ${BILL_REMINDER_DAYS} days before each is due.`}
        emptyText="No confirmed bills yet."
        series={groups.confirmed}
        {...actions}
      />
      <DismissedSection series={groups.dismissed} {...actions} />
    </>
  );
}
