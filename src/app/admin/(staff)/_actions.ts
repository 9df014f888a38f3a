'use server';

/**
 * The staff shell's server action: signing out (same origin alone, like the sign-in screens).
 */
import { APIError } from 'better-auth/api';
import { redirect } from 'next/navigation';
import { getAuth } from '@/server/auth/config';
import { originAction } from '@/server/auth/staff-action';

export const signOut = originAction(async (h): Promise<void> => {
  try {
    await (await getAuth()).api.signOut({ headers: h });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  redirect('/admin/login?done=signedOut');
});
