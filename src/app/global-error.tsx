'use client';

/**
 * The last resort (docs/product.md §8 "Error page failure"): when even the error page or the root layout
 * fails, an English message with a link home, with no dependency that could fail again.
 */
export default function GlobalError() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '5rem 1rem', color: '#1b2230' }}>
        <title>A problem occurred</title>
        <h1>A problem occurred, the team has been notified.</h1>
        <p>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full page load: the app itself has failed */}
          <a href="/" style={{ color: '#0b3a6e', fontWeight: 600 }}>
            Back to home
          </a>
        </p>
      </body>
    </html>
  );
}
