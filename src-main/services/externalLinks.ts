/**
 * The only URLs the studio hands to the operating system's browser: https links to the places the
 * papers and documentation live. Anything else (file:, javascript:, custom schemes, other hosts) is
 * refused, so a crafted link in imported data can never launch a local program.
 */
export const EXTERNAL_HOSTS = ['doi.org', 'dl.acm.org', 'ieeexplore.ieee.org', 'arxiv.org', 'github.com', 'hadoop.apache.org'] as const;

export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return (EXTERNAL_HOSTS as readonly string[]).includes(url.hostname);
}
