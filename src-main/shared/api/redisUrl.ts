/**
 * Redis addresses as people write them, passwords included: `redis://user:pass@host:6379/0`. A
 * password may hold any character, "/" and "@" among them, so what stands between "//" and the
 * last "@" of the address is its credentials, whatever URL parsers would make of it.
 */
const WITH_CREDENTIALS = /\b(rediss?:\/\/)\S*@/gi;

/** `text` with the user name and password of every Redis address in it replaced by ***: for any message or log line. */
export const redactRedisUrls = (text: string): string => text.replace(WITH_CREDENTIALS, '$1***@');

/** What stands between "//" and the last "@" of a Redis address (user and password, still %-escaped), if anything. */
export function redisUrlCredentials(url: string): string | undefined {
  // Up to the last "@" of the whole value, spaces included: "pass word" is a password too.
  const m = /^rediss?:\/\/(.*)@/is.exec(url.trim());
  return m ? m[1] : undefined;
}
