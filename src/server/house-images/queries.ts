import 'server-only';
import { and, eq } from 'drizzle-orm';
import { HOUSE_IMAGES, houseImagePath, type HouseImageKind } from '@/domain/content/house-images';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';

/**
 * The house's images as the site and the back-office read them (docs/decisions/062): what each is
 * (type, size, hash, address), never its bytes, except for the one route that serves them.
 */
export type HouseImageRef = { kind: HouseImageKind; contentType: string; byteSize: number; width: number; height: number; sha256: string; fileName: string; url: string };
export type HouseImageSet = Readonly<Record<HouseImageKind, HouseImageRef | null>>;

const META = {
  kind: t.houseImages.kind,
  contentType: t.houseImages.contentType,
  byteSize: t.houseImages.byteSize,
  width: t.houseImages.width,
  height: t.houseImages.height,
  sha256: t.houseImages.sha256,
  fileName: t.houseImages.fileName,
};

/** Every image of the house, null where none is stored. */
export async function houseImages(db: Executor): Promise<HouseImageSet> {
  const rows = await db.select(META).from(t.houseImages);
  const found = new Map(rows.map((row) => [row.kind, row]));
  return Object.fromEntries(
    HOUSE_IMAGES.map((kind) => {
      const row = found.get(kind);
      return [kind, row ? { ...row, kind, url: houseImagePath(kind, row) } : null];
    }),
  ) as Record<HouseImageKind, HouseImageRef | null>;
}

/** One image as a proposal's target states it: what a reviewer compares (no bytes; the hash names them). */
export async function houseImageState(db: Executor, kind: HouseImageKind): Promise<{ image: HouseImageKind; contentType: string | null; size: number | null; width: number | null; height: number | null; sha256: string | null; fileName: string | null }> {
  const [row] = await db.select(META).from(t.houseImages).where(eq(t.houseImages.kind, kind));
  return { image: kind, contentType: row?.contentType ?? null, size: row?.byteSize ?? null, width: row?.width ?? null, height: row?.height ?? null, sha256: row?.sha256 ?? null, fileName: row?.fileName ?? null };
}

/**
 * An image's bytes, for its route: only when the hash in the address is the stored one's. The hash is
 * compared before the bytes are read, so an address with a made-up hash (a 404 no cache keeps) costs
 * one small read, never the transfer of a 2 MB image.
 */
export async function houseImageFile(db: Executor, kind: HouseImageKind, hash: string): Promise<{ contentType: string; data: Uint8Array; sha256: string } | null> {
  if (hash.length < 16) return null;
  const [meta] = await db.select({ sha256: t.houseImages.sha256 }).from(t.houseImages).where(eq(t.houseImages.kind, kind));
  if (!meta?.sha256.startsWith(hash)) return null;
  const [row] = await db
    .select({ contentType: t.houseImages.contentType, data: t.houseImages.data, sha256: t.houseImages.sha256 })
    .from(t.houseImages)
    .where(and(eq(t.houseImages.kind, kind), eq(t.houseImages.sha256, meta.sha256)));
  return row ?? null;
}
