import { describe, expect, it } from 'vitest';
import { parseJsonText } from '@shared/files/jsonText';

describe('a file that is not JSON', () => {
  it('is located by line and column, and its bytes are never echoed back', () => {
    const shadow = 'root:*:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n';
    const r = parseJsonText(shadow, '/etc/shadow');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toBe('/etc/shadow is not valid JSON at line 1, column 1: “r” is not expected here');
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

  it("puts the engine's syntax messages in words: what is missing or not expected, and a cut file as cut", () => {
    const said = (text: string) => {
      const r = parseJsonText(text, 'f.json');
      return r.ok ? 'parsed' : r.message.replace(/^f\.json is not valid JSON at line \d+, column \d+: /, '');
    };
    expect(said('{"seeds": [1, 2]\n')).toBe('the file ends before its last object is closed (a } is missing)');
    expect(said('{"seeds": [1, 2')).toBe('the file ends before its last list is closed (a ] is missing)');
    expect(said('{"name": "x" "seeds": [1]}')).toBe('a comma or a } is missing after the value before this point');
    expect(said('[1 2]')).toBe('a comma or a ] is missing after the entry before this point');
    expect(said('{"seeds": [1],}')).toBe('a name in double quotes is expected here (JSON allows no comma before a closing })');
    expect(said("{'name': 'x'}")).toBe('a name in double quotes, or a }, is expected here (JSON names take double quotes)');
    expect(said('{"name" "x"}')).toBe('a : is missing after the name before this point');
    expect(said('{"name": "x')).toBe('a text value is not closed by a double quote');
    expect(said('{"name": "x"}}')).toBe('more follows after the file’s value is complete (an extra } or ]?)');
    expect(said('{"seeds": [01]}')).toBe('a number is not expected here (JSON numbers have no leading zeros)');
    expect(said('{"name": "a\tb"}')).toBe('a text value holds a line break or tab, which JSON writes as \\n or \\t');
    expect(said('{"path": "C:\\q"}')).toBe('a text value holds a backslash JSON does not know (write \\\\ for one backslash)');
    expect(said('[1,]')).toBe('“]” is not expected here');
    expect(parseJsonText(' \n', 'f.json')).toEqual({ ok: false, message: 'f.json is empty' });
  });
});
