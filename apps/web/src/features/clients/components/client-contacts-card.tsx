import type { ContactView } from '../api/client-views';

/** The people at the client, the primary one first. */
export function ClientContactsCard({ contacts }: { contacts: ContactView[] }) {
  const ordered = [...contacts].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return (
    <section className="card" aria-labelledby="client-contacts-heading">
      <h2 id="client-contacts-heading">Contacts</h2>
      {ordered.length === 0 ? (
        <p className="muted">No contacts yet.</p>
      ) : (
        <ul className="contact-list">
          {ordered.map((contact) => (
            <li key={contact.id}>
              <strong>{contact.name}</strong> {contact.is_primary && <span className="badge">Primary</span>}
              {contact.email && (
                <span className="address-line">
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </span>
              )}
              {contact.phone && <span className="address-line">{contact.phone}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
