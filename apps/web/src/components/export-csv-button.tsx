import { useState } from 'react';
import { downloadCsv } from '../lib/download-csv';

type ExportCsvButtonProps = { path: string; fileName: string; label?: string };

/** "Export CSV" in a list's corner (UI.md): downloads what the list's filters show; a failure is said beside it. */
export function ExportCsvButton({ path, fileName, label = 'Export CSV' }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function exportList(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await downloadCsv(path, fileName);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="button button-small" disabled={busy} onClick={() => void exportList()}>
        {busy ? 'Exporting...' : label}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
