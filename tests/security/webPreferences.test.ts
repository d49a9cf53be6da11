import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Reads the BrowserWindow options straight from the source (Electron cannot run here) and pins
 * every webPreferences value. A change to any of them must change this test too.
 */
function webPreferencesIn(file: string): Record<string, unknown> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  let found: Record<string, unknown> | undefined;
  let windows = 0;
  const literal = (node: ts.Expression): unknown => {
    if (ts.isStringLiteral(node)) return node.text;
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    return `<expr ${node.getText()}>`;
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'BrowserWindow') {
      windows++;
      const options = node.arguments?.[0];
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const prop of options.properties) {
          if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'webPreferences' && ts.isObjectLiteralExpression(prop.initializer)) {
            found = {};
            for (const p of prop.initializer.properties) {
              if (!ts.isPropertyAssignment(p)) throw new Error(`webPreferences must be plain properties, found ${p.getText()}`);
              found[p.name.getText()] = literal(p.initializer);
            }
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  expect(windows).toBe(1);
  if (!found) throw new Error('no literal webPreferences found');
  return found;
}

describe('main window webPreferences', () => {
  it('are exactly the hardened set', () => {
    const prefs = webPreferencesIn(path.resolve(__dirname, '../../src-main/app/window.ts'));
    expect(prefs).toEqual({
      preload: "<expr path.join(__dirname, '../preload/index.js')>",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      devTools: '<expr !app.isPackaged>',
    });
  });

  it('the hidden window that prints reports to PDF runs no script, has no preload and its own session', () => {
    const prefs = webPreferencesIn(path.resolve(__dirname, '../../src-main/app/pdfPrinter.ts'));
    expect(prefs).toEqual({
      session: '<expr printSession>',
      javascript: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    });
    const source = fs.readFileSync(path.resolve(__dirname, '../../src-main/app/pdfPrinter.ts'), 'utf8');
    expect(source).toMatch(/session\.fromPartition\('report-print'\)/);
    expect(source).toMatch(/show: false/);
    // Only the page being printed may load: no other file:// URL, nothing from the network.
    expect(source).toMatch(/callback\(\{ cancel: !printing\.has\(details\.url\) \}\)/);
    expect(source).not.toMatch(/startsWith\('file:\/\/'\)/);
  });

  it('no other file creates a window or a BrowserView', () => {
    const dir = path.resolve(__dirname, '../../src-main');
    const offenders: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.ts$/.test(e.name) &&
          !p.endsWith(path.join('app', 'window.ts')) &&
          !p.endsWith(path.join('app', 'pdfPrinter.ts')) &&
          /new (BrowserWindow|BrowserView|WebContentsView)\b/.test(fs.readFileSync(p, 'utf8'))
        )
          offenders.push(p);
      }
    };
    walk(dir);
    expect(offenders).toEqual([]);
  });
});
