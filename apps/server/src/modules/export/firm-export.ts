import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { withTenant, type Db, type Tx } from '../../db/client';
import { csvPiece, type CsvCell } from '../../lib/csv';
import type { SessionUser } from '../../plugins/route-permission';
import { writeAudit } from '../audit/audit';
import { EXPORT_ENTITIES, type ExportEntity } from './export-entities';

/** Rows fetched per round trip: a few MB of text at most, whatever the firm's size. */
export const FETCH_ROWS = 2_000;

type Rows = { rows: Record<string, unknown>[]; fields?: { name: string }[] };

/**
 * Writes one piece and, when the entry's stream is full, waits until the ZIP has taken it in.
 * An abandoned download aborts the wait, so the transaction ends instead of waiting forever.
 */
async function write(target: PassThrough, text: string, signal: AbortSignal): Promise<void> {
  if (!target.write(text)) await once(target, 'drain', { signal });
}

/**
 * One CSV through a server-side cursor: FETCH_ROWS rows at a time, each batch written and
 * drained before the next is read, so memory stays flat (issue 16).
 */
async function streamEntity(
  tx: Tx,
  organizationId: number,
  entity: ExportEntity,
  target: PassThrough,
  signal: AbortSignal,
): Promise<number> {
  const statement = entity.sql.replaceAll('$ORG', String(organizationId));
  await tx.execute(sql.raw(`DECLARE firm_export NO SCROLL CURSOR FOR ${statement}`));
  let count = 0;
  let header: string[] | null = null;
  for (;;) {
    signal.throwIfAborted();
    const batch = (await tx.execute(sql.raw(`FETCH FORWARD ${FETCH_ROWS} FROM firm_export`))) as unknown as Rows;
    // Both drivers name the cursor's columns, rows or none: an empty table keeps its header.
    header ??= batch.fields?.map((field) => field.name) ?? Object.keys(batch.rows[0] ?? {});
    const columns = header;
    const records: CsvCell[][] = batch.rows.map((row) => columns.map((name) => row[name] as CsvCell));
    if (count === 0) records.unshift(columns);
    if (records.length > 0) await write(target, csvPiece(records, count === 0), signal);
    count += batch.rows.length;
    if (batch.rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql.raw('CLOSE firm_export'));
  return count;
}

/** The export's audit row, written and committed before the first byte leaves. */
export async function auditExport(db: Db, actor: SessionUser): Promise<void> {
  await withTenant(db, actor.organizationId, (tx) =>
    writeAudit(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      action: 'export',
      entity: 'organization',
      entityId: actor.organizationId,
      after: { files: EXPORT_ENTITIES.map((entity) => entity.file) },
    }),
  );
}

/**
 * The firm's data as a ZIP of CSVs, one per entity, streamed: yazl reads the entries one
 * after the other, and each entry's CSV is written only as fast as the download takes it.
 * Everything is read under the firm's row-level security in one transaction.
 */
export function streamFirmExport(
  db: Db,
  actor: SessionUser,
  signal: AbortSignal,
): { stream: Readable; done: Promise<void> } {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const entries = EXPORT_ENTITIES.map((entity) => {
    const target = new PassThrough({ highWaterMark: 256 * 1024 });
    zip.addReadStream(target, entity.file, { compress: true });
    return { entity, target };
  });
  zip.end();
  const done = withTenant(db, actor.organizationId, async (tx) => {
    for (const { entity, target } of entries) {
      await streamEntity(tx, actor.organizationId, entity, target, signal);
      target.end();
    }
  }).catch((error: unknown) => {
    // A failure half-way must not look like a complete file: the download is cut off.
    const cause: unknown = signal.aborted ? signal.reason : error;
    const failure = cause instanceof Error ? cause : new Error(String(cause));
    // The entries' streams have no error listener (yazl adds none): destroyed quietly, the ZIP carries the error.
    for (const { target } of entries) target.destroy();
    output.destroy(failure);
    throw failure;
  });
  return { stream: output, done };
}
