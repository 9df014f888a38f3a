import type { InvestorProfile } from '@/domain/catalog';
import type { Locale } from '@/env';
import { DISCLAIMER_OVERLAY_CLASS, DISCLAIMER_PANEL_CLASS, DISCLAIMER_TITLE_CLASS, DisclaimerBody } from './disclaimer-body';
import { PREVIEW_SCRIPT } from './disclaimer-preview-flag';
import type { ComplianceCountry, ComplianceLanguage, DisclaimerContent, DisclaimerLabels } from './types';

/**
 * The disclaimer popup as the server paints it, for a first visit to see it with the page's first
 * paint instead of after the scripts, the popup's own chunk and its query. Hidden unless the inline
 * script before it finds no validation in the browser (globals.css, `html[data-disclaimer]`); inert
 * and hidden from assistive technology, since the dialog (disclaimer-dialog.tsx), identical, takes
 * its place before its own first paint. Costs ≈ 1 KB compressed on every page.
 */
export function DisclaimerPreview({
  labels,
  languages,
  countries,
  country,
  locale,
  profile,
  content,
}: {
  labels: DisclaimerLabels;
  languages: ComplianceLanguage[];
  countries: ComplianceCountry[];
  country: string;
  locale: Locale;
  profile: InvestorProfile;
  content: DisclaimerContent | null;
}) {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: PREVIEW_SCRIPT }} />
      <div className="disclaimer-preview" aria-hidden="true" inert data-print="hide">
        <div className={DISCLAIMER_OVERLAY_CLASS} />
        <div lang={locale} className={DISCLAIMER_PANEL_CLASS}>
          <DisclaimerBody
            labels={labels}
            languages={languages}
            countries={countries}
            country={country}
            locale={locale}
            profile={profile}
            content={content ?? undefined}
            status="loading"
            accepted={false}
            ids={{
              intro: 'disclaimer-preview-intro',
              text: 'disclaimer-preview-text',
              hint: 'disclaimer-preview-hint',
              country: 'disclaimer-preview-country',
              countryHint: 'disclaimer-preview-country-hint',
            }}
            title={<h2 className={DISCLAIMER_TITLE_CLASS}>{content?.title || labels.dialogLabel}</h2>}
          />
        </div>
      </div>
    </>
  );
}
