import type { TimeEntryStatus } from '@practice/shared';

export const STATUS_LABELS: Record<TimeEntryStatus, string> = {
  draft: 'Draft',
  completed: 'Completed',
  billed: 'Billed',
};
