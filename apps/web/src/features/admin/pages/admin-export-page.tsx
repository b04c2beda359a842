import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { shellPaths } from '../../../config/paths';
import { downloadExport, EXPORT_FILES, type ExportProgress } from '../api/export';
import '../admin.css';

/** /admin/export (SPEC 2, the all flag): every record of the firm as a ZIP of CSVs, streamed. */
export default function AdminExportPage() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function start(): Promise<void> {
    setState('running');
    setError(null);
    setProgress({ bytes: 0, filesStarted: 0, currentFile: null });
    try {
      await downloadExport(setProgress);
      setState('done');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setState('failed');
    }
  }

  const files = progress?.filesStarted ?? 0;
  return (
    <div className="admin-page">
      <PageHeader title="Export the firm's data" breadcrumb={[{ label: 'Admin', to: shellPaths.admin.getHref() }]} />
      <section className="card" aria-labelledby="export-title">
        <h2 id="export-title">All of the firm's data</h2>
        <p>
          One ZIP file with a CSV per kind of record: {EXPORT_FILES.map((file) => file.replace('.csv', '')).join(', ')}.
          Money is in dollars with two decimals. The export is recorded in the audit trail.
        </p>
        <button
          type="button"
          className="button button-primary"
          disabled={state === 'running'}
          onClick={() => void start()}
        >
          {state === 'running' ? 'Exporting...' : 'Download the export'}
        </button>
        {progress && state !== 'idle' && (
          <div className="export-progress">
            <label htmlFor="export-progress">
              {state === 'done'
                ? 'Export complete'
                : `File ${Math.max(files, 1)} of ${EXPORT_FILES.length}${progress.currentFile ? `: ${progress.currentFile}` : ''}`}
            </label>
            <progress id="export-progress" max={EXPORT_FILES.length} value={files} />
            <p className="field-hint">{(progress.bytes / 1024 / 1024).toFixed(1)} MB received</p>
          </div>
        )}
        {state === 'done' && (
          <p className="form-success" role="status">
            The export was downloaded.
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}
