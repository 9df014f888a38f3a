import { Collapsible } from 'radix-ui';
import type { ReactNode } from 'react';
import { useComplianceActions } from '@/components/compliance/compliance-context';
import { WithCurrentUrl } from './current-url';
import { CheckIcon, ChevronDownIcon } from './icons';
import { labelsOf, type MobileMenuLabels } from './menu-labels';
import { languageItems } from './menu-items';
import { isCurrentPath } from './nav-match';
import { NavLink } from './nav-link';
import { NewTabMark } from './new-tab-mark';
import type { LayoutData } from '@/domain/content/layout';
import { useClientPathname } from './use-client-pathname';

const focus = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand';
const row = `flex min-h-12 w-full items-center gap-2 px-5 py-3 text-left text-base font-medium hover:bg-slate-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand aria-[current=page]:shadow-[inset_3px_0_0_var(--color-accent)] ${focus}`;
const subRow = `flex min-h-11 w-full flex-col justify-center py-2 pr-5 pl-9 text-left hover:bg-slate-50 aria-[current=page]:text-brand aria-[current=page]:shadow-[inset_3px_0_0_var(--color-accent)] ${focus}`;
const choice = `flex min-h-11 w-full items-center gap-2 rounded-md px-3 py-2 text-left hover:bg-slate-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand ${focus}`;

/** The contents of the mobile menu: main links with the collapsible fund list, country of residence, profile, group and language. */
export function MobileMenuSections({ data, labels, onProfileChosen }: { data: LayoutData; labels: MobileMenuLabels; onProfileChosen: () => void }) {
  const { profile, funds } = data;
  const { selectProfile, selectCountry } = useComplianceActions();
  const t = labelsOf(labels);
  const { aboutUs, expertise, esg, news, contact } = data.main;
  const link = (l: { href: string; label: string }) => (
    <li key={l.href}>
      <NavLink href={l.href} className={row}>
        {l.label}
      </NavLink>
    </li>
  );
  return (
    <div className="flex flex-col pb-8">
      <nav aria-label={t('mainNavigation')}>
        <ul className="divide-y divide-slate-200 border-b border-slate-200">
          {link(aboutUs)}
          {link(expertise)}
          <li>
            <FundList funds={funds} fundRange={data.fundRange} label={t('funds')} />
          </li>
          {link(esg)}
          {link(news)}
          {link(contact)}
        </ul>
      </nav>
      {data.countries.length > 1 ? (
        <Section title={t('country')}>
          {data.countries.map(({ code, title }) => (
            <li key={code}>
              <button
                type="button"
                aria-current={code === data.country ? 'true' : undefined}
                className={choice}
                onClick={() => {
                  if (code !== data.country) selectCountry(code);
                  onProfileChosen();
                }}
              >
                <Check shown={code === data.country} />
                {title}
              </button>
            </li>
          ))}
        </Section>
      ) : null}
      {data.profiles.length > 0 ? (
        <Section title={t('investorProfile')}>
          {data.profiles.map(({ code, title }) => (
            <li key={code}>
              <button
                type="button"
                aria-current={code === profile ? 'true' : undefined}
                className={choice}
                onClick={() => {
                  if (code !== profile) selectProfile(code);
                  onProfileChosen();
                }}
              >
                <Check shown={code === profile} />
                {title}
              </button>
            </li>
          ))}
        </Section>
      ) : null}
      {data.groupLink || data.jobs.length > 0 ? (
        <Section title={t('group')}>
          {data.groupLink ? <ExternalLink link={data.groupLink} newTab={t('newTab')} /> : null}
          {data.jobs.length > 0 ? (
            <li>
              <h4 className="px-3 pt-3 pb-1 text-sm font-semibold text-ink">{t('ourJobs')}</h4>
              <ul>
                {data.jobs.map((job) => (
                  <ExternalLink key={job.href} link={job} newTab={t('newTab')} />
                ))}
              </ul>
            </li>
          ) : null}
        </Section>
      ) : null}
      {data.languages.length > 1 ? (
        <Section title={t('language')}>
          <WithCurrentUrl fallback={data.home.href}>
            {(from) =>
              languageItems(data.languages, data.locale, from).map((item) => (
                <li key={item.id}>
                  <a href={item.href} hrefLang={item.hrefLang} lang={item.lang} aria-current={item.current ? 'true' : undefined} className={choice}>
                    <Check shown={!!item.current} />
                    {item.label}
                  </a>
                </li>
              ))
            }
          </WithCurrentUrl>
        </Section>
      ) : null}
    </div>
  );
}

function FundList({ funds, fundRange, label }: { funds: LayoutData['funds']; fundRange: LayoutData['fundRange']; label: string }) {
  const pathname = useClientPathname();
  const inFunds = isCurrentPath(pathname, fundRange.href) || funds.some((f) => isCurrentPath(pathname, f.href));
  return (
    <Collapsible.Root defaultOpen={inFunds}>
      <Collapsible.Trigger className={`group ${row} justify-between ${inFunds ? 'text-brand' : ''}`}>
        {label}
        <ChevronDownIcon className="size-5 transition-transform group-data-[state=open]:rotate-180" />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ul className="pb-2">
          {funds.map((fund) => (
            <li key={fund.slug}>
              <NavLink href={fund.href} className={subRow}>
                <span className="font-medium">{fund.title}</span>
                <span className="text-xs text-muted">{fund.categoryTitle}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink href={fundRange.href} className={`${subRow} font-semibold text-brand`}>
              {fundRange.label}
            </NavLink>
          </li>
        </ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-b border-slate-200 px-2 py-4">
      <h3 className="px-3 pb-2 text-xs font-semibold tracking-wider text-muted uppercase">{title}</h3>
      <ul>{children}</ul>
    </div>
  );
}

function ExternalLink({ link, newTab }: { link: { href: string; label: string }; newTab: string }) {
  return (
    <li>
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={`${choice} justify-between`}>
        {link.label}
        <NewTabMark label={newTab} />
      </a>
    </li>
  );
}

function Check({ shown }: { shown: boolean }) {
  return <span className="flex w-4 shrink-0 text-brand">{shown ? <CheckIcon /> : null}</span>;
}
