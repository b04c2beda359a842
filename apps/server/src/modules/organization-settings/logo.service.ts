import { eq } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/client';
import { organizations } from '../../db/schema/index';
import type { SessionUser } from '../../plugins/route-permission';
import { AppError } from '../../lib/errors';
import { writeAudit } from '../audit/audit';
import type { DetectedType } from '../uploads/file-type';
import type { FileStore } from '../uploads/file-store';
import type { UploadRules } from '../uploads/single-upload';
import { drawableLogo, LOGO_UNREADABLE } from './logo-image';
import { loadSettings, type OrganizationSettings } from './settings.service';

/** What a logo may be: a raster image of 512 KB at most, judged by its bytes (no SVG: it can carry script). */
export const LOGO_RULES: UploadRules = {
  maxBytes: 512 * 1024,
  missing: 'Choose an image to upload',
  tooLarge: 'The logo is larger than 512 KB',
  wrongType: 'A logo must be a PNG, JPEG or WebP image',
  types: new Set(['image/png', 'image/jpeg', 'image/webp']),
};

export type Logo = { content: Buffer; contentType: string };

/** Stores the new logo, points the firm at it, then removes the old file. */
export async function replaceLogo(
  db: Db,
  store: FileStore,
  actor: SessionUser,
  upload: { content: Buffer; type: DetectedType } | null,
): Promise<OrganizationSettings> {
  const organizationId = actor.organizationId;
  // WebP is for the pages only (pdfkit draws none, so PDFs leave it out); PNG and JPEG must draw.
  if (upload && upload.type.contentType !== 'image/webp' && !drawableLogo(upload.content, upload.type.contentType)) {
    throw new AppError(415, LOGO_UNREADABLE);
  }
  const stored = upload ? await store.save(organizationId, upload.content) : null;
  let previous: string | null = null;
  try {
    const settings = await withTenant(db, organizationId, async (tx) => {
      const [row] = await tx
        .select({ file: organizations.logoFile, type: organizations.logoContentType })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .for('update');
      previous = row?.file ?? null;
      await tx
        .update(organizations)
        .set({ logoFile: stored, logoContentType: upload?.type.contentType ?? null })
        .where(eq(organizations.id, organizationId));
      await writeAudit(tx, {
        organizationId,
        userId: actor.id,
        action: upload ? 'upload_logo' : 'remove_logo',
        entity: 'organization_settings',
        entityId: organizationId,
        before: { logo: row?.file ? { content_type: row.type } : null },
        after: { logo: upload ? { content_type: upload.type.contentType, bytes: upload.content.length } : null },
      });
      return loadSettings(tx, organizationId);
    });
    if (previous) await store.remove(organizationId, previous);
    return settings;
  } catch (error) {
    if (stored) await store.remove(organizationId, stored);
    throw error;
  }
}

/** The firm's logo file, or null when it has none (or its file went missing). */
export async function readLogo(db: Db, store: FileStore, organizationId: number): Promise<Logo | null> {
  const [row] = await withTenant(db, organizationId, (tx) =>
    tx
      .select({ file: organizations.logoFile, type: organizations.logoContentType })
      .from(organizations)
      .where(eq(organizations.id, organizationId)),
  );
  if (!row?.file || !row.type) return null;
  const content = await readLogoFile(store, organizationId, row.file);
  return content && { content, contentType: row.type };
}

/** A logo file's bytes by the name the firm's row holds, or null when the file went missing. */
export async function readLogoFile(store: FileStore, organizationId: number, file: string): Promise<Buffer | null> {
  try {
    return await store.read(organizationId, file);
  } catch {
    return null;
  }
}
