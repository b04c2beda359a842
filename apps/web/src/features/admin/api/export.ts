import { apiBaseUrl } from '../../../config/runtime';
import { api } from '../../../lib/api';
import { errorFromResponse } from '../../../lib/api-error';
import { DEV_ORG_SUBDOMAIN_KEY } from '../../../lib/dev-storage-keys';
import { readStorage } from '../../../lib/storage-keys';

/** The files of the export in the order the server writes them (modules/export/export-entities.ts). */
export const EXPORT_FILES = [
  'clients.csv',
  'contacts.csv',
  'people.csv',
  'roles.csv',
  'activity_types.csv',
  'rates.csv',
  'time_entries.csv',
  'expenses.csv',
  'invoices.csv',
  'invoice_lines.csv',
  'payments.csv',
  'payment_applications.csv',
  'ledger.csv',
  'audit.csv',
] as const;

export type ExportProgress = { bytes: number; filesStarted: number; currentFile: string | null };

const encoder = new TextEncoder();
const MARKERS = EXPORT_FILES.map((name) => encoder.encode(name));

/** The last export file whose ZIP entry header has arrived in `chunk` (its name follows the header). */
function lastFileIn(chunk: Uint8Array, from: number): number {
  let found = -1;
  for (let index = 0; index + 30 < chunk.length; index += 1) {
    // A local file header: "PK\3\4", then 26 bytes, then the name.
    if (chunk[index] !== 0x50 || chunk[index + 1] !== 0x4b || chunk[index + 2] !== 3 || chunk[index + 3] !== 4)
      continue;
    for (let file = Math.max(from, found + 1); file < MARKERS.length; file += 1) {
      const marker = MARKERS[file]!;
      if (marker.every((byte, offset) => chunk[index + 30 + offset] === byte)) found = file;
    }
  }
  return found;
}

/**
 * GET /admin/export read as it streams: the ZIP's entries arrive one after the other, so the
 * file names seen so far are the progress (the server cannot know the size in advance).
 * The whole file is then saved, named by today's date as the server names it.
 */
export async function downloadExport(onProgress: (progress: ExportProgress) => void): Promise<void> {
  // A quick call first: an expired access token is refreshed by the API client before the long one.
  await api.get('/user');
  const headers: Record<string, string> = {};
  const organization = import.meta.env.DEV ? readStorage(DEV_ORG_SUBDOMAIN_KEY) : null;
  if (organization) headers['X-Organization-ID'] = organization;
  const response = await window.fetch(`${apiBaseUrl()}/admin/export`, { credentials: 'include', headers });
  if (!response.ok || !response.body) throw await errorFromResponse(response);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  const progress: ExportProgress = { bytes: 0, filesStarted: 0, currentFile: null };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.byteLength;
    const file = lastFileIn(value, progress.filesStarted);
    if (file >= 0) {
      progress.filesStarted = file + 1;
      progress.currentFile = EXPORT_FILES[file]!;
    }
    onProgress({ ...progress });
  }
  // The server's Content-Disposition is not readable across origins: the same name is made here.
  const name = `firm-export-${new Date().toISOString().slice(0, 10)}.zip`;
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  onProgress({ ...progress, filesStarted: EXPORT_FILES.length, currentFile: null });
}
