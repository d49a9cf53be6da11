import { describe, expect, it } from 'vitest';
import { parseJsonText } from '@shared/files/jsonText';

describe('a file that is not JSON', () => {
  it('is located by line and column, and its bytes are never echoed back', () => {
    const shadow = 'root:*:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n';
    const r = parseJsonText(shadow, '/etc/shadow');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toMatch(/^\/etc\/shadow is not valid JSON at line 1, column 1: Unexpected token/);
    expect(r.message).not.toContain('root:*');
    expect(r.message).not.toContain('19000');
  });

  it('still says where a broken file of the studio went wrong', () => {
    const r = parseJsonText('{\n  "name": "x",\n  "seeds": [1, 2,]\n}', 'x.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^x\.json is not valid JSON at line 3, column \d+/);
    const cut = parseJsonText('{"name": "x"', 'cut.json');
    if (!cut.ok) expect(cut.message).toMatch(/^cut\.json is not valid JSON at line 1, column 13: /);
    // Cut inside a list: the engine's "Unexpected end of JSON input", in words.
    expect(parseJsonText('{"runs": [\n', 'cut.json')).toEqual({
      ok: false,
      message: 'cut.json is not valid JSON at line 2, column 1: the file ends before its last value is closed',
    });
  });
});
