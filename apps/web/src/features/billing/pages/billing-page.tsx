import { BillingView } from '../components/billing-view';

/** /billing (SPEC 2, can_view_billing): View Client Totals (docs/decisions/0138). */
export default function BillingPage() {
  return <BillingView />;
}
