import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@practice/shared';
import { StatusBadge } from '../../../components/status-badge';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <StatusBadge status={`ticket-${status}`} label={TICKET_STATUS_LABELS[status]} />;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <StatusBadge status={`priority-${priority}`} label={TICKET_PRIORITY_LABELS[priority]} />;
}

export function CategoryText({ category }: { category: TicketCategory }) {
  return <>{TICKET_CATEGORY_LABELS[category]}</>;
}
