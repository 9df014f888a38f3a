import 'server-only';
import { createHash } from 'node:crypto';
import { checkHouseImage, isHouseImageKind, type HouseImageKind } from '@/domain/content/house-images';
import type { Command, Problems } from '@/server/approval/command-types';
import { saveHouseImage, storedFileName, type HouseImageResult } from './commands';
import { houseImageState } from './queries';

/**
 * The approval door's command of the house's images (docs/approval.md, docs/decisions/062):
 * `company.image` replaces the logo, the favicon or the social image. The file is checked when it
 * is posted (its bytes kept beside the proposal are the checked ones: an SVG already sanitised)
 * and again when it is applied. The state a reviewer approves is the image as stored (type, size,
 * hash, name); the review screen shows the proposed image itself.
 */
const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export type HouseImageInput = { image: HouseImageKind; fileName: string; sha256: string; size: number; contentType: string; width: number; height: number };

/** What the door stores with a proposal: the checked image described, its bytes kept beside it. */
export function houseImageInput(image: HouseImageKind, fileName: string, checked: { type: string; width: number; height: number; bytes: Uint8Array }): { input: HouseImageInput; file: Uint8Array } {
  const { bytes } = checked;
  return { input: { image, fileName: storedFileName(fileName), sha256: hash(bytes), size: bytes.byteLength, contentType: checked.type, width: checked.width, height: checked.height }, file: bytes };
}

export const houseImageCommand: Command<HouseImageInput, HouseImageResult> = {
  async validate(_db, input, file): Promise<Problems | null> {
    if (!isHouseImageKind(input.image)) return { fields: { image: 'bad-type' } };
    if (!file) return { fields: { file: 'empty' } };
    const checked = checkHouseImage(input.image, file);
    if (!checked.ok) return { fields: { file: checked.problem } };
    // The bytes posted are the ones the input describes (the form describes what it checked).
    const { image } = checked;
    const described = hash(file) === input.sha256 && file.byteLength === input.size && image.type === input.contentType && image.width === input.width && image.height === input.height;
    if (!described) return { fields: { file: 'empty' } };
    return null;
  },
  async read(db, input) {
    if (!isHouseImageKind(input.image)) return null;
    return { key: `house-image:${input.image}`, label: `company · ${input.image}`, state: await houseImageState(db, input.image) };
  },
  after: (before, input) => {
    const state = before as Awaited<ReturnType<typeof houseImageState>>;
    return { ...state, contentType: input.contentType, size: input.size, width: input.width, height: input.height, sha256: input.sha256, fileName: storedFileName(input.fileName) };
  },
  unchanged: (state, after) => (state as { sha256: string | null }).sha256 === (after as { sha256: string }).sha256,
  async run(db, input, actor, file) {
    if (!file) return { ok: false as const, error: 'empty' as const };
    return saveHouseImage(db, { image: input.image, fileName: input.fileName, bytes: file }, actor);
  },
  applied: (r) => (r.ok ? { ok: true, changed: r.changed } : { ok: false, error: r.error, problems: { fields: { file: r.error } } }),
};
