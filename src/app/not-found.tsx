import Link from 'next/link';

/** A path outside every language prefix (or an unknown prefix): English, the link goes home in French. */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '5rem 1rem' }}>
          <title>This page could not be found</title>
          <h1>Page not found</h1>
          <p>
            <Link href="/">Back to home</Link>
          </p>
        </main>
      </body>
    </html>
  );
}
