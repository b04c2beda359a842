import '../styles/data.css';

/** A status as a small badge with its word (UI.md: never colour alone). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`badge badge-${status}`}>{label ?? status.charAt(0).toUpperCase() + status.slice(1)}</span>;
}
