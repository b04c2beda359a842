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

/** Stops the export when the download is abandoned: a write that waits for room gives up. */
export type ExportSignal = { aborted: boolean };

/** Resolves when the stream has room again or is gone; one listener pair, always removed. */
function roomIn(target: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      target.off('drain', done);
      target.off('close', done);
      resolve();
    };
    target.on('drain', done);
    target.on('close', done);
  });
}

async function write(target: PassThrough, text: string, signal: ExportSignal): Promise<void> {
  if (signal.aborted) throw new Error('export abandoned');
  if (!target.write(text)) {
    await roomIn(target);
    if (signal.aborted) throw new Error('export abandoned');
  }
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
  signal: ExportSignal,
): Promise<number> {
  const statement = entity.sql.replaceAll('$ORG', String(organizationId));
  await tx.execute(sql.raw(`DECLARE firm_export NO SCROLL CURSOR FOR ${statement}`));
  let count = 0;
  let header: string[] | null = null;
  for (;;) {
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
  signal: ExportSignal,
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
    const failure = error instanceof Error ? error : new Error(String(error));
    for (const { target } of entries) target.destroy(failure);
    output.destroy(failure);
    throw failure;
  });
  return { stream: output, done };
}
