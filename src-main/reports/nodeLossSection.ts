import { NODE_LOSS_COLUMNS, nodeLossCountWords } from '@shared/results/nodeLosses';
import { escapeHtml as esc } from './htmlText';
import type { ResultReport } from './resultReport';

/** More rows than a printed page or two holds are in node-losses.csv and the result file, not the page. */
const SHOWN_ROWS = 200;
const NUMERIC = new Set(['lostAtS', 'noticedAtS', 'attemptsKilled', 'mapsRunAgain', 'mastersLost', 'replacedAtS']);

/**
 * The nodes each run lost (docs/model.md "Faults"): when, when the master noticed, and what it
 * made run again, so a reader sees why a run with failures took longer. Nothing when no run lost one.
 */
export function nodeLossSection(r: ResultReport): string {
  if (!r.nodeLosses.length) return '';
  const rows = r.nodeLosses.flatMap((run) => run.losses.map((loss) => ({ run, loss })));
  const shown = rows.slice(0, SHOWN_ROWS);
  const head = `<tr><th>Run</th><th class="num">Seed</th>${NODE_LOSS_COLUMNS.map((c) => `<th${NUMERIC.has(c.key) ? ' class="num"' : ''}>${esc(c.label)}</th>`).join('')}</tr>`;
  const body = shown
    .map(
      ({ run, loss }) =>
        `<tr><td class="name">${esc(run.scheduler)}</td><td class="num">${run.seed}</td>${NODE_LOSS_COLUMNS.map((c) => `<td${NUMERIC.has(c.key) ? ' class="num"' : ''}>${esc(c.text(loss))}</td>`).join('')}</tr>`,
    )
    .join('');
  const counted = nodeLossCountWords(
    r.nodeLosses.map((x) => x.losses),
    r.runCount,
  );
  const cut =
    rows.length > shown.length
      ? ` The first ${SHOWN_ROWS} are below; node-losses.csv and the result file list all ${rows.length.toLocaleString('en-US')}.`
      : '';
  return `<h2>Nodes lost</h2>
<p class="muted">${esc(counted)}. A node's attempts stop when it dies; the master notices only after the node timeout, then kills them, runs again the finished maps whose output was on it and is still needed, and restarts the application masters it held.${cut}</p>
<table><thead>${head}</thead><tbody>${body}</tbody></table>`;
}
