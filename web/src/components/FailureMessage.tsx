/**
 * The words of a failure in a notice: in the page's language, with the server's English kept below as the
 * detail when they were translated (i18n/api-errors.ts).
 */
import type { ApiFailure } from '../api/client.js';
import { failureText } from '../i18n/api-errors.js';
import { useLang } from '../i18n/i18n.js';

export function FailureMessage({ message, failure }: { message: string; failure?: ApiFailure | undefined }) {
  const lang = useLang();
  const text = failure ? failureText(lang, failure) : { message, detail: null };
  return (
    <>
      <p className="notice-message" data-error-code={failure?.code || undefined}>
        {text.message}
      </p>
      {text.detail && (
        <p className="notice-detail" lang="en" data-error-detail="">
          {text.detail}
        </p>
      )}
    </>
  );
}
