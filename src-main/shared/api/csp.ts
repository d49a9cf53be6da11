/**
 * The renderer's Content-Security-Policy, identical under Electron (file://) and loopback HTTP.
 * No inline or eval'd script, no remote origins; API calls go to the page's own origin only.
 * Styles set through the CSSOM (Vue's :style, ECharts) are not governed by style-src.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

/** Sent as an HTTP header, where frame-ancestors also applies (browsers ignore it in a meta tag). */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
