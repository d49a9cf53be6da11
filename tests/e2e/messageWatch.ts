import type { Page } from 'playwright-core';

/**
 * Every message the studio shows a user, as the e2e suite sees them: notices, alerts, field errors
 * and problem lists, read from the page as they appear. A test fails if one speaks code (issue
 * "Nothing shown to a user speaks code"): a dotted path with a list index (`runs.0.summary`) or a
 * camelCase field name (`deadlineS:`).
 */
const SHOWN = '.notice, [role="alert"], .error, .errors, .load-error, .planner-errors, .problems, .form-error, [data-error-field]';

/** A schema path or a field's code name in a message. */
export const CODE_IN_MESSAGE = /\b[a-z]+\.\d+(\.[A-Za-z]\w*)*\b|\b[a-z]+[A-Z][A-Za-z]*(\.[A-Za-z]\w*)*:/;

const OBSERVER = `(() => {
  const seen = new Set();
  const report = () => {
    for (const el of document.querySelectorAll(${JSON.stringify(SHOWN)})) {
      // A foreign trace's problems name the file's own fields (an SLS task's job.tasks.0.container.type), as the user sees them in it.
      if (el.closest('[data-foreign-file]')) continue;
      const text = (el.textContent || '').trim();
      if (text && !seen.has(text)) { seen.add(text); window.__studioMessage(text); }
    }
  };
  const start = () => new MutationObserver(report).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
})();`;

/** Watch a page's messages into `sink` from its next navigation on. */
export async function watchMessages(page: Page, sink: string[]): Promise<void> {
  await page.exposeFunction('__studioMessage', (text: string) => sink.push(text));
  await page.addInitScript(OBSERVER);
}

/** The messages that speak code. */
export const codeMessages = (messages: readonly string[]) => messages.filter((m) => CODE_IN_MESSAGE.test(m));
