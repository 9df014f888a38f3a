import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { checkHouseImage, type HouseImageKind, type ImageProblem } from '@/domain/content/house-images';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { houseImages } from '@/server/db/schema';
import { publishChange } from '@/server/publish/publish';
import { houseImageState } from './queries';

export type HouseImageUpload = { image: HouseImageKind; fileName: string; bytes: Uint8Array };
export type HouseImageResult = { ok: true; changed: boolean; sha256: string } | { ok: false; error: ImageProblem };

/** A file's name as stored and shown: its last path part, bounded. */
export const storedFileName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200) || 'image';

/**
 * Replaces one of the house's images (the service the approval door runs for `company.image`):
 * checked again from its bytes (an SVG stored as sanitised), written with its audit entry (what
 * the image was and is: type, size, hash), then every page is published again (header, footer,
 * metadata name it). Storing the same bytes again changes nothing.
 */
export async function saveHouseImage(db: Db, upload: HouseImageUpload, actor: Actor): Promise<HouseImageResult> {
  const checked = checkHouseImage(upload.image, upload.bytes);
  if (!checked.ok) return { ok: false, error: checked.problem };
  const { type, width, height, bytes } = checked.image;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fileName = storedFileName(upload.fileName);
  const changed = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fundhouse-house-image'))`);
    const before = await houseImageState(tx, upload.image);
    if (before.sha256 === sha256) return false;
    const row = { contentType: type, byteSize: bytes.byteLength, width, height, sha256, data: bytes, fileName, updatedAt: sql`now()` };
    await tx.insert(houseImages).values({ kind: upload.image, ...row }).onConflictDoUpdate({ target: houseImages.kind, set: row });
    const after = { image: upload.image, contentType: type, size: bytes.byteLength, width, height, sha256, fileName };
    await recordAudit(tx, { actor, entity: 'house_image', entityId: upload.image, action: before.sha256 ? 'update' : 'create', before: before.sha256 ? before : null, after });
    return true;
  });
  if (changed) await publishChange(db, { all: true });
  return { ok: true, changed, sha256 };
}
