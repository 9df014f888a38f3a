'use server';

/**
 * The upload of the house's logo, favicon and social image (docs/back-office.md "The company",
 * docs/decisions/062), built with staffAction (same origin, signed in, content.write, as the
 * company's other data). The file is bounded before it is read, checked from its bytes (an SVG
 * sanitised), then the approval door proposes `company.image` or, under a policy without
 * approval, stores and publishes it.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { checkHouseImage, IMAGE_RULES, isHouseImageKind, type HouseImageKind } from '@/domain/content/house-images';
import { field } from '@/domain/forms/form-input';
import type { FormState } from '@/components/admin/action-form';
import { approvalInput, doorAnswer } from '@/app/admin/approval-form';
import { imageErrorText } from '@/app/admin/(staff)/company/_errors';
import { saveChange } from '@/server/approval/door';
import { staffAction, type StaffActionContext } from '@/server/auth/staff-action';
import { getDb } from '@/server/db';
import { houseImageInput } from '@/server/house-images/change';

const fail = (ctx: StaffActionContext, kind: HouseImageKind, problem: string): FormState => ctx.fail({ file: imageErrorText(ctx.t, kind, problem) });

export const uploadHouseImageAction = staffAction(
  'content.write',
  z.object({ file: field.file(), ...approvalInput }),
  async (input, ctx, kind: HouseImageKind, _state: FormState): Promise<FormState> => {
    const { staff, t, seq } = ctx;
    // Bound arguments come back from the browser as sent: check them like any field.
    if (!isHouseImageKind(kind)) return { status: 'error', message: t('data.notFound'), seq };
    const file = input.file;
    if (!file) return fail(ctx, kind, 'empty');
    // The size is known before the bytes are read: a file over the image's limit is never read.
    if (file.size > IMAGE_RULES[kind].maxBytes) return fail(ctx, kind, 'too-large');
    const checked = checkHouseImage(kind, new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) return fail(ctx, kind, checked.problem);
    const upload = houseImageInput(kind, file.name, checked.image);
    const outcome = await saveChange(await getDb(), 'company.image', upload.input, staff.actor, { note: input.approvalNote, effectiveAt: input.effectiveAt, file: upload.file });
    return doorAnswer(ctx, outcome, {
      published: (_result, changed) => {
        revalidatePath('/admin/company');
        return { status: 'ok', message: changed ? t('company.images.saved') : t('data.unchanged'), seq };
      },
      invalid: (problems) => fail(ctx, kind, problems.fields.file ?? 'empty'),
    });
  },
);
