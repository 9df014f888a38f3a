/**
 * The sentence a visitor reads for a field error, in their language (messages/forms, namespace Forms).
 * The browser passes next-intl's useTranslations('Forms'), the server its createTranslator: both
 * produce the same text for the same error.
 */
import type { Locale } from '@/domain/language/locale';
import { INTL_LOCALE } from '@/domain/language/format';
import { MAX_UPLOAD_BYTES, megabytes } from './upload';
import type { FieldError } from './validate';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export function errorMessage(t: Translate, error: FieldError, locale: Locale): string {
  const params = error.params ?? {};
  switch (error.code) {
    case 'fileTooLarge':
      return t('errors.fileTooLarge', {
        size: megabytes(params.size ?? 0, INTL_LOCALE[locale]),
        max: megabytes(params.max ?? MAX_UPLOAD_BYTES, INTL_LOCALE[locale]),
      });
    case 'tooLong':
      return t('errors.tooLong', { max: params.max ?? 0 });
    default:
      return t(`errors.${error.code}`);
  }
}

/** Form-level outcomes that are not tied to one field. */
export type StatusCode = 'tooManyRequests' | 'network' | 'server' | 'captchaRejected' | 'tooLarge' | 'badRequest' | 'forbidden';

/** docs/product.md §5, §8 bot-protection failures in the browser. */
export type CaptchaErrorCode = 'noKey' | 'noVersion' | 'loadFailed' | 'executeFailed';
