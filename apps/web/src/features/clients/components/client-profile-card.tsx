import { cityLineOf } from '@practice/shared';
import { StatusBadge } from '../../../components/status-badge';
import type { ClientProfile } from '../api/client-views';
import { entityTypeLabel, STATUS_LABELS } from './client-labels';

function addressLines(client: ClientProfile): string[] {
  const cityLine = cityLineOf(client.city, client.region, client.postal_code);
  return [client.address_line1, client.address_line2, cityLine, client.country].filter(Boolean);
}

/** The client's fields as read-only facts; the tax ID only ever masked. */
export function ClientProfileCard({ client }: { client: ClientProfile }) {
  return (
    <section className="card" aria-labelledby="client-profile-heading">
      <h2 id="client-profile-heading">Profile</h2>
      <dl className="definition-grid">
        <div>
          <dt>Client ID</dt>
          <dd className="numeric">{client.client_id}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={client.status} label={STATUS_LABELS[client.status]} />
          </dd>
        </div>
        <div>
          <dt>Entity type</dt>
          <dd>{entityTypeLabel(client.entity_type)}</dd>
        </div>
        <div>
          <dt>DBA</dt>
          <dd>{client.dba || '—'}</dd>
        </div>
        <div>
          <dt>Tax ID</dt>
          <dd className="numeric">{client.tax_id_masked ?? '—'}</dd>
        </div>
        <div>
          <dt>Responsible partner</dt>
          <dd>{client.responsible_partner?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Responsible manager</dt>
          <dd>{client.responsible_manager?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Payment terms</dt>
          <dd>{client.payment_terms_days === 0 ? 'Due on receipt' : `Net ${client.payment_terms_days}`}</dd>
        </div>
        <div>
          <dt>Invoice e-mail</dt>
          <dd>{client.invoice_email || '—'}</dd>
        </div>
        <div>
          <dt>Billing address</dt>
          <dd>
            {addressLines(client).length === 0
              ? '—'
              : addressLines(client).map((line) => (
                  <span key={line} className="address-line">
                    {line}
                  </span>
                ))}
          </dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd>{client.tags.length > 0 ? client.tags.join(', ') : '—'}</dd>
        </div>
      </dl>
      {client.notes && (
        <>
          <h3 className="notes-heading">Notes</h3>
          <p className="notes">{client.notes}</p>
        </>
      )}
    </section>
  );
}
