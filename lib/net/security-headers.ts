/**
 * The Content-Security-Policy of every response. Scripts run only with this response's nonce
 * (Next.js puts it on its own script tags), and what they load in turn ('strict-dynamic'): an
 * injected inline script has no nonce and does not run. Styles keep 'unsafe-inline', which
 * cannot run code. No other site may frame a page (`frame-ancestors 'none'`), except the pages
 * given their own `frameAncestors` (the "Ask us" panel, on the websites the bakery allows).
 */
export function contentSecurityPolicy({
  nonce,
  dev,
  frameAncestors = "'none'",
}: {
  nonce: string;
  dev: boolean;
  frameAncestors?: string;
}): string {
  return [
    "default-src 'self'",
    // React's development tools need eval; the production build never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Sent only on responses that went out over https: a browser that saw it keeps to https for a
 * year. Not for subdomains, which may be another site of the bakery's on plain http.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';
