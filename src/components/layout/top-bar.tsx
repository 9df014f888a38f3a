import { getTranslations } from 'next-intl/server';
import { Dropdown } from './dropdown';
import { ChevronDownIcon } from './icons';
import { LanguageMenu } from './language-menu';
import { NewTabHint } from './new-tab-hint';
import { CountryMenu } from './country-menu';
import { ProfileMenu } from './profile-menu';
import { container, focusRingOnDark } from './styles';
import type { LayoutData } from '@/domain/content/layout';

const barItem = `inline-flex h-10 items-center gap-1.5 rounded-sm px-3 text-sm whitespace-nowrap text-white hover:bg-white/10 data-[state=open]:bg-white/10 ${focusRingOnDark} focus-visible:-outline-offset-2`;

/**
 * Desktop top bar (≥ lg): the group's site, "our jobs", the country of residence, the investor profile
 * and the language. The client menus get their texts as props (docs/decisions/039).
 */
export async function TopBar({ data }: { data: LayoutData }) {
  const [t, tCountry] = await Promise.all([getTranslations('Layout'), getTranslations('Country')]);
  return (
    <div className="hidden bg-brand text-white lg:block">
      <div className={`${container} flex items-center justify-between`}>
        <div>
          {data.groupLink ? (
            <a href={data.groupLink.href} target="_blank" rel="noopener noreferrer" className={barItem}>
              {data.groupLink.label}
              <NewTabHint />
            </a>
          ) : null}
        </div>
        <div className="flex items-center gap-1">
          {data.jobs.length > 0 ? (
            <Dropdown
              align="end"
              triggerClassName={barItem}
              items={data.jobs.map((job) => ({ id: job.href, label: job.label, href: job.href, external: { newTab: t('newTab') } }))}
              trigger={
                <>
                  {t('ourJobs')}
                  <ChevronDownIcon className="size-3.5 transition-transform group-data-[state=open]:rotate-180" />
                </>
              }
            />
          ) : null}
          {data.countries.length > 1 ? <CountryMenu countries={data.countries} current={data.country} label={tCountry('label')} triggerClassName={barItem} /> : null}
          {data.profiles.length > 0 ? <ProfileMenu profiles={data.profiles} current={data.profile} label={t('investorProfile')} triggerClassName={barItem} /> : null}
          {data.languages.length > 1 ? <LanguageMenu languages={data.languages} current={data.locale} home={data.home.href} label={t('language')} triggerClassName={barItem} /> : null}
        </div>
      </div>
    </div>
  );
}
