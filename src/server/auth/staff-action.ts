import 'server-only';
import { headers } from 'next/headers';
import { forbidden } from 'next/navigation';
import type { z } from 'zod';
import type { FormReader } from '@/domain/funds/form';
import { parseForm, typedValues, type FieldErrorKeys, type FormState } from '@/domain/forms/form-input';
import type { Permission } from '@/domain/staff/roles';
import { adminTranslator, type AdminT } from '@/i18n/admin';
import { requireStaffAction, sameOrigin, type Staff } from './staff';

/**
 * THE way to write a back-office server action (decision 042, docs/architecture.md):
 *
 *   export const saveThing = staffAction('content.write', schema, async (input, ctx, id: number, _state: FormState) => …);
 *
 * The returned action takes the handler's extra arguments (bound ids, the previous state of
 * useActionState) followed by the FormData. Before the handler runs it checks the origin and
 * `permission` (requireStaffAction: 403 or the sign-in screen, nothing changed) and parses the
 * form with `schema`; a form that does not parse answers `invalid` (by default a FormState with
 * each field's translated error and the typed values). src/app/admin/server-actions.test.ts fails
 * on an action exported any other way.
 */
export type StaffActionContext = {
  staff: Staff;
  t: AdminT;
  form: FormData;
  /** The typed text fields, to draw the form again after an error. */
  values: Record<string, string | string[]>;
  /** The form's texts for the domain's readers (fund-form, page-edit, company-form). */
  read: FormReader;
  /** This answer's `seq`: above the previous state's, so the form is drawn again. */
  seq: number;
  /** A FormState error: `errors` already translated, the typed values kept. */
  fail: (errors: Record<string, string>, message?: string) => FormState;
};

type Access = Permission | { permission: Permission; enrolling?: boolean };
type Handler<S extends z.ZodType, A extends unknown[], R> = (input: z.output<S>, ctx: StaffActionContext, ...args: A) => Promise<R>;
type Invalid<A extends unknown[], R> = (errors: Record<string, string>, ctx: StaffActionContext, ...args: A) => R | Promise<R>;
export type StaffAction<A extends unknown[], R> = (...args: [...A, FormData]) => Promise<R>;

let counter = 0;

function translate(t: AdminT, errors: FieldErrorKeys): Record<string, string> {
  type Key = Parameters<AdminT>[0];
  return Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, t.has(key as Key) ? t(key as Key) : t('form.badValue')]));
}

function reader(form: FormData): FormReader {
  return {
    get: (name) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : '';
    },
    getAll: (name) => form.getAll(name).filter((v): v is string => typeof v === 'string'),
  };
}

/** The permission, or a function of the first bound argument that names it (an import's kind). */
type AccessOf<A extends unknown[]> = Access | ((first: NoInfer<A[0]>) => Access);

export function staffAction<S extends z.ZodType, A extends unknown[], R extends FormState>(access: AccessOf<A>, schema: S, handler: Handler<S, A, R>): StaffAction<A, R>;
export function staffAction<S extends z.ZodType, A extends unknown[], R>(access: AccessOf<A>, schema: S, handler: Handler<S, A, R>, invalid: Invalid<A, R>): StaffAction<A, R>;
export function staffAction<S extends z.ZodType, A extends unknown[], R>(access: AccessOf<A>, schema: S, handler: Handler<S, A, R>, invalid?: Invalid<A, R>): StaffAction<A, R> {
  return async (...all: [...A, FormData]) => {
    const args = all.slice(0, -1) as unknown as A;
    const needed = typeof access === 'function' ? access(args[0]) : access;
    const { permission, enrolling } = typeof needed === 'string' ? { permission: needed, enrolling: false } : needed;
    const staff = await requireStaffAction(permission, { enrolling });
    const form = all.at(-1);
    if (!(form instanceof FormData)) forbidden();
    const previous = args.at(-1) as { seq?: unknown } | undefined;
    const before = typeof previous === 'object' && previous !== null && typeof previous.seq === 'number' ? previous.seq : 0;
    counter = Math.max(counter, before) + 1;
    const t = adminTranslator(staff.locale);
    const values = typedValues(form);
    const seq = counter;
    const ctx: StaffActionContext = { staff, t, form, values, read: reader(form), seq, fail: (errors, message) => ({ status: 'error', message: message ?? t('data.invalid'), errors, values, seq }) };
    const parsed = parseForm(schema, form);
    if (!parsed.ok) {
      const errors = translate(t, parsed.errors);
      return invalid ? invalid(errors, ctx, ...args) : (ctx.fail(errors) as R);
    }
    return handler(parsed.data, ctx, ...args);
  };
}

/**
 * The sign-in screens' actions (nobody is signed in yet): the same-origin check alone, then the
 * handler with the request's headers. Counted as wrapped by the server-actions test.
 */
export function originAction<A extends unknown[], R>(handler: (requestHeaders: Headers, ...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const h = await headers();
    if (!sameOrigin(h)) forbidden();
    return handler(h, ...args);
  };
}
