import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_HEADER } from '@shared/api/csp';
import { isTrustedRendererUrl } from '../../src-main/app/trustedSender';
import { isAllowedExternalUrl } from '../../src-main/services/externalLinks';

describe('IPC sender validation', () => {
  const prod = 'app://studio/index.html';
  it('trusts only our own page', () => {
    expect(isTrustedRendererUrl(prod, prod)).toBe(true);
    expect(isTrustedRendererUrl(`${prod}#/clusters`, prod)).toBe(true);
    expect(isTrustedRendererUrl('app://studio/assets/other.html', prod)).toBe(true);
    // Custom schemes have the opaque origin "null": another host or scheme must not pass as ours.
    expect(isTrustedRendererUrl('app://evil/index.html', prod)).toBe(false);
    expect(isTrustedRendererUrl('evil://studio/index.html', prod)).toBe(false);
    expect(isTrustedRendererUrl('file:///opt/studio/out/renderer/index.html', prod)).toBe(false);
    expect(isTrustedRendererUrl('file:///tmp/evil.html', prod)).toBe(false);
    expect(isTrustedRendererUrl('data:text/html,hi', 'data:text/html,hi')).toBe(false);
    expect(isTrustedRendererUrl('https://example.com/', prod)).toBe(false);
    expect(isTrustedRendererUrl(undefined, prod)).toBe(false);
    expect(isTrustedRendererUrl('not a url', prod)).toBe(false);
  });
  it('in development trusts the dev server origin only', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
  });
});

describe('openExternal vetting', () => {
  it('allows https links to documentation hosts only', () => {
    expect(isAllowedExternalUrl('https://doi.org/10.1145/2591971.2591998')).toBe(true);
    expect(isAllowedExternalUrl('https://hadoop.apache.org/docs/stable/')).toBe(true);
    for (const bad of [
      'http://doi.org/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https://evil.example/',
      'https://doi.org.evil.example/',
      'https://user:pw@doi.org/',
      'https://doi.org:8443/',
      'ms-msdt:/id',
    ]) {
      expect(isAllowedExternalUrl(bad), bad).toBe(false);
    }
  });
});

describe('content security policy', () => {
  it('the page carries the same policy as the shared constant, with nothing unsafe', () => {
    const html = fs.readFileSync(path.resolve(__dirname, '../../src-renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*|http:|https:/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'/);
    // frame-ancestors is ignored (and logged as an error) in a meta tag, so only the header has it.
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/frame-ancestors/);
    expect(CONTENT_SECURITY_POLICY_HEADER).toBe(`${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });
});
