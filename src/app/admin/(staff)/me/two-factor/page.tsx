import { Notice } from '@/components/ui/notice';
import { EnrolForm } from '@/components/admin/enrol-form';
import { flash } from '@/server/auth/flash';
import { mustEnrolSecondFactor } from '@/server/auth/staff';
import { confirmEnrolment, disableSecondFactor, startEnrolment } from '@/app/admin/(staff)/me/_actions';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { staffTitle, staffScreen, type ListProps } from '@/app/admin/(staff)/_screen';

export const generateMetadata = staffTitle('enrol.title');


/** Turning the TOTP second factor on or off; where admins are sent when ADMIN_REQUIRE_2FA is on. */
export default async function TwoFactorSettingsPage({ searchParams }: ListProps) {
  const { staff, query, t } = await staffScreen('backoffice.read', searchParams, { enrolling: true });
  const done = flash(query, 'done', ['enabled', 'disabled'] as const);
  const error = flash(query, 'error', ['wrongPassword'] as const);
  const required = mustEnrolSecondFactor(staff);
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('enrol.title')}</h1>
      {required && <Notice tone="error">{t('enrol.required')}</Notice>}
      {done && <Notice tone="success">{t(`enrol.${done}`)}</Notice>}
      {error && <Notice tone="error">{t('enrol.wrongPassword')}</Notice>}
      <p className="mb-4">{staff.twoFactorEnabled ? t('enrol.on') : t('enrol.off')}</p>
      {staff.twoFactorEnabled ? (
        <form action={disableSecondFactor} className="max-w-xl space-y-4">
          <InputField label={t('enrol.password')} id="disable-password" name="password" type="password" autoComplete="current-password" required />
          <Button variant="danger" type="submit">
            {t('enrol.disable')}
          </Button>
        </form>
      ) : (
        <EnrolForm
          start={startEnrolment}
          confirm={confirmEnrolment}
          labels={{
            password: t('enrol.password'),
            start: t('enrol.start'),
            scan: t('enrol.scan'),
            secret: t('enrol.secret'),
            link: t('enrol.link'),
            backupCodes: t('enrol.backupCodes'),
            code: t('enrol.code'),
            confirm: t('enrol.confirm'),
            wrongPassword: t('enrol.wrongPassword'),
            wrongCode: t('enrol.wrongCode'),
          }}
        />
      )}
    </>
  );
}
