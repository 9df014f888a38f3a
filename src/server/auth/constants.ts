import 'server-only';
/** Passwords of staff accounts: at least this long (and at most 128 characters). */
export const MIN_PASSWORD_LENGTH = 12;
/** A session lasts a working day, then the staff member signs in again. */
export const SESSION_SECONDS = 12 * 60 * 60;
/** Invitations last a week, password resets an hour; both are used once. */
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;
export const RESET_SECONDS = 60 * 60;
/** An admin's allowance to link an account at its next single sign-on lasts a week too, and is used once. */
export const SSO_LINK_SECONDS = 7 * 24 * 60 * 60;
