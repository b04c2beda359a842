import { api } from './api';

/**
 * Fetches a CSV export through the API client (so an expired access token refreshes as for
 * any call, and errors arrive as errors) and saves it under `fileName` (docs/decisions/0107).
 */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const text = await api.get<string>(path);
  // Reading the answer as text drops the server's byte-order mark; Excel needs it to read UTF-8.
  const bom = text.startsWith('\ufeff') ? '' : '\ufeff';
  const url = URL.createObjectURL(new Blob([bom, text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
