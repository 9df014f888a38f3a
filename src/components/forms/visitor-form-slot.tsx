import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ComponentProps } from 'react';
import { LazyVisitorForm } from './lazy-forms';

/**
 * A visitor form with its texts: only the pages that show a form send the `Forms` messages to the
 * browser (docs/decisions/039), not every page of the site. The form reads nothing else.
 */
export async function VisitorFormSlot(props: ComponentProps<typeof LazyVisitorForm>) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={{ Forms: messages.Forms }}>
      <LazyVisitorForm {...props} />
    </NextIntlClientProvider>
  );
}
