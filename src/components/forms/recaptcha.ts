/**
 * reCAPTCHA v3 in the browser (docs/product.md §5, §7, §8): Google's script is added to the page only when a
 * form needs it (first focus, or submit) and only under the captcha consent. Its failures are the
 * errors of docs/product.md §5, as codes the form translates.
 */
import { captchaConfigError, type CaptchaConfig } from '@/domain/forms/captcha';
import type { CaptchaErrorCode } from '@/domain/forms/messages';

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
const LOAD_TIMEOUT_MS = 15_000;
const EXECUTE_TIMEOUT_MS = 15_000;

const ENGLISH: Record<CaptchaErrorCode, string> = {
  noKey: 'No key provided',
  noVersion: 'No version provided',
  loadFailed: 'Failed to load script',
  executeFailed: 'Failed to execute',
};

export class CaptchaError extends Error {
  constructor(readonly code: CaptchaErrorCode) {
    super(`ReCaptcha error: ${ENGLISH[code]}`);
  }
}

type Grecaptcha = { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): PromiseLike<string> };

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

function timeout<T>(promise: PromiseLike<T>, ms: number, code: CaptchaErrorCode): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CaptchaError(code)), ms);
    Promise.resolve(promise).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

let loading: Promise<Grecaptcha> | null = null;

/** Google's script, loaded once per page; a failed load is forgotten so the next submit tries again. */
export function loadRecaptcha(config: CaptchaConfig): Promise<Grecaptcha> {
  const problem = captchaConfigError(config);
  if (problem) return Promise.reject(new CaptchaError(problem));
  loading ??= timeout(
    new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(config.siteKey ?? '')}`;
      script.async = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
        else reject(new CaptchaError('loadFailed'));
      };
      script.onerror = () => {
        script.remove();
        reject(new CaptchaError('loadFailed'));
      };
      document.head.appendChild(script);
    }),
    LOAD_TIMEOUT_MS,
    'loadFailed',
  ).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A token for one form action ('contact', 'career'…), which the server checks with Google. */
export async function recaptchaToken(config: CaptchaConfig, action: string): Promise<string> {
  const grecaptcha = await loadRecaptcha(config);
  try {
    const token = await timeout(grecaptcha.execute(config.siteKey ?? '', { action }), EXECUTE_TIMEOUT_MS, 'executeFailed');
    if (typeof token !== 'string' || token === '') throw new CaptchaError('executeFailed');
    return token;
  } catch {
    throw new CaptchaError('executeFailed');
  }
}
