import type { ReactNode } from 'react';
import { adminTranslator } from '@/i18n/admin';
import { can } from '@/domain/staff/roles';
import { AdminShell } from '@/components/admin/admin-shell';
import { approvalAreas } from '@/server/approval/service';
import { requireStaff } from '@/server/auth/staff';
import { signOut } from './_actions';

/** The frame of every signed-in screen. Each page checks its own permission too (requireStaff). */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff('backoffice.read', { enrolling: true });
  const t = adminTranslator(staff.locale);
  const items = [
    { href: '/admin', label: t('nav.home') },
    // The review queue, where an approval policy is set (APPROVAL_REQUIRED, docs/approval.md).
    ...(approvalAreas().length > 0 ? [{ href: '/admin/reviews', label: t('nav.reviews') }] : []),
    { href: '/admin/news', label: t('nav.news') },
    { href: '/admin/funds', label: t('nav.funds') },
    { href: '/admin/distribution', label: t('nav.findatex') },
    { href: '/admin/pages', label: t('nav.pages') },
    { href: '/admin/company', label: t('nav.company') },
    { href: '/admin/languages', label: t('nav.languages') },
    { href: '/admin/setup', label: t('nav.setup') },
    ...(can(staff.role, 'data.import') ? [{ href: '/admin/imports', label: t('nav.imports') }] : []),
    ...(can(staff.role, 'submissions.read')
      ? [
          { href: '/admin/inbox', label: t('nav.inbox') },
          { href: '/admin/outbox', label: t('nav.outbox') },
        ]
      : []),
    ...(can(staff.role, 'submissions.handle') ? [{ href: '/admin/privacy', label: t('nav.privacy') }] : []),
    ...(can(staff.role, 'submissions.read') ? [{ href: '/admin/newsletter', label: t('nav.newsletter') }] : []),
    { href: '/admin/audit', label: t('nav.audit') },
    { href: '/admin/accounts', label: t('nav.accounts') },
    { href: '/admin/tokens', label: t('nav.tokens') },
    { href: '/admin/me', label: t('nav.me') },
  ];
  return (
    <AdminShell
      skipLabel={t('skip')}
      navLabel={t('nav.label')}
      title={t('nav.label')}
      signedInAs={t('nav.signedInAs', { email: staff.email })}
      signOutLabel={t('nav.signOut')}
      signOut={signOut}
      items={items}
    >
      {children}
    </AdminShell>
  );
}
