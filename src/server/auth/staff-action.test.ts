import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { field, type FormState } from '@/domain/forms/form-input';

/**
 * The wrapper's order of checks. requireStaffAction itself (origin, session, role) is tested in
 * staff.test.ts and, against the real server, by tests/e2e/admin-security.spec.ts; here it stands
 * in as the gate it is: when it refuses, nothing after it may run.
 */
const gate = vi.hoisted(() => ({ refuse: false, calls: [] as string[] }));
vi.mock('./staff', () => ({
  requireStaffAction: async (permission: string) => {
    gate.calls.push(permission);
    if (gate.refuse) throw new Error('403');
    return { id: 'u1', locale: 'en', role: 'editor', actor: { type: 'account', id: 'u1', label: 'e@x' } };
  },
  sameOrigin: () => true,
}));

const { staffAction } = await import('./staff-action');

const body = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(entries)) form.append(k, v);
  return form;
};

describe('staffAction', () => {
  beforeEach(() => {
    gate.refuse = false;
    gate.calls = [];
  });
  const handler = vi.fn(async (input: { title: string }, _ctx: unknown, id: number, _state: FormState): Promise<FormState> => ({ status: 'ok', message: `${id}:${input.title}` }));
  const action = staffAction('content.write', z.object({ title: field.text(10) }), handler);

  it('checks the permission before anything else: refused, the form is not even read', async () => {
    gate.refuse = true;
    handler.mockClear();
    await expect(action(7, { status: 'idle' }, body({ title: 'ok' }))).rejects.toThrow('403');
    expect(gate.calls).toEqual(['content.write']);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers a form that does not parse with translated field errors and the typed values, without calling the handler', async () => {
    handler.mockClear();
    const answer = await action(7, { status: 'error', seq: 41 }, body({ title: 'much too long a title' }));
    expect(handler).not.toHaveBeenCalled();
    expect(answer).toMatchObject({ status: 'error', message: 'Nothing was saved: correct the fields marked below.', errors: { title: 'This value is not valid.' }, values: { title: 'much too long a title' } });
    // Above the previous answer's seq, so the form is drawn again.
    expect(answer.seq).toBeGreaterThan(41);
  });

  it('hands the parsed input and the bound arguments to the handler', async () => {
    expect(await action(7, { status: 'idle' }, body({ title: 'Hello' }))).toEqual({ status: 'ok', message: '7:Hello' });
  });

  it('refuses a call whose last argument is not a form (a forged call with bound arguments only)', async () => {
    handler.mockClear();
    const forged = action as unknown as (...args: unknown[]) => Promise<unknown>;
    await expect(forged(7, { status: 'idle' }, { title: 'x' })).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();
  });

  it('asks for the permission a bound argument names (an import of registrations needs registrations.write)', async () => {
    const imports = staffAction((kind) => (kind === 'registrations' ? 'registrations.write' : 'data.import'), z.object({}), async (_input, _ctx, kind: string, _state: FormState): Promise<FormState> => ({ status: 'ok', message: kind }));
    await imports('registrations', { status: 'idle' }, body({}));
    await imports('navs', { status: 'idle' }, body({}));
    expect(gate.calls).toEqual(['registrations.write', 'data.import']);
  });
});
