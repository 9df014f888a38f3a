import type { AdminT } from '@/i18n/admin';
import type { SessionRow } from '@/server/auth/accounts';
import { formatDateTime } from '@/server/auth/flash';

export function sessionViews(locale: string, sessions: SessionRow[], currentId: string | null) {
  return sessions.map((s) => ({
    id: s.id,
    started: formatDateTime(locale, s.createdAt),
    expires: formatDateTime(locale, s.expiresAt),
    address: s.ipAddress ?? '',
    browser: s.userAgent ?? '',
    current: s.id === currentId,
  }));
}

export function sessionLabels(t: AdminT) {
  return {
    title: t('sessions.title'),
    caption: t('sessions.caption'),
    started: t('sessions.started'),
    expires: t('sessions.expires'),
    address: t('sessions.address'),
    browser: t('sessions.browser'),
    current: t('sessions.current'),
    revoke: t('sessions.revoke'),
    revokeNamed: (date: string) => t('sessions.revokeNamed', { date }),
    revokeAll: t('sessions.revokeAll'),
    none: t('sessions.none'),
  };
}
