import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '@/env';
import type { PerformanceCsvLabels } from '@/domain/csv/share-downloads';

/**
 * The translated labels of the performance CSV, read from the share area's messages directly: a route
 * handler has no page locale, and this keeps the route callable outside Next (integration tests).
 */
type ShareMessages = typeof import('../../../messages/share/en.json');

export async function performanceCsvLabels(locale: Locale): Promise<PerformanceCsvLabels> {
  const messages = (await import(`../../../messages/share/${locale}.json`)).default as ShareMessages;
  const t = createTranslator({ locale, messages, namespace: 'Performance' });
  return { figure: (code) => t(`column.${code}`), group: (group) => t(`group.${group}`) };
}
