import { DISCLAIMER_DIALOG_ID, DISCLAIMER_SCRIPT } from '@/domain/content/disclaimer-script';
import { DISCLAIMER_DIALOG_CLASS, DISCLAIMER_TITLE_CLASS, DisclaimerBody, type DisclaimerBodyProps } from './disclaimer-body';

const IDS = {
  title: 'disclaimer-title',
  intro: 'disclaimer-intro',
  text: 'disclaimer-text',
  hint: 'disclaimer-hint',
  country: 'disclaimer-country',
  countryHint: 'disclaimer-country-hint',
};

/**
 * The disclaimer popup (docs/product.md §1, §4), rendered by the server in every page as a closed
 * <dialog>: the script right after it opens it as the browser's modal before the first paint unless
 * validation is recorded in the browser, so a first visit sees and can use it at once, without
 * waiting for the site's scripts, which only add its behaviours (disclaimer-form.ts). It cannot be
 * dismissed: no Escape (closedby, and the cancel event where closedby is unknown), and the focus
 * stays inside. No React component is mounted for it on load (docs/decisions/049).
 */
export function DisclaimerPopup(props: Omit<DisclaimerBodyProps, 'ids' | 'title'>) {
  const { labels, locale, content } = props;
  return (
    <>
      <dialog
        id={DISCLAIMER_DIALOG_ID}
        lang={locale}
        aria-labelledby={IDS.title}
        aria-describedby={IDS.intro}
        {...{ closedby: 'none' }}
        data-print="hide"
        className={DISCLAIMER_DIALOG_CLASS}
      >
        <DisclaimerBody
          {...props}
          ids={IDS}
          title={
            <h2 id={IDS.title} className={DISCLAIMER_TITLE_CLASS}>
              {content?.title || labels.dialogLabel}
            </h2>
          }
        />
      </dialog>
      <script dangerouslySetInnerHTML={{ __html: DISCLAIMER_SCRIPT }} />
    </>
  );
}
