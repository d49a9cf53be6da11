import { NODE_LOSS_COLUMNS, NODE_LOSS_MEAN_COLUMNS, nodeLossCountWords, nodeLossMeans } from '@shared/results/nodeLosses';
import { escapeHtml as esc } from './htmlText';
import type { ResultReport } from './resultReport';

/** More rows than a printed page or two holds are in node-losses.csv and the result file, not the page. */
const SHOWN_ROWS = 200;

/**
 * The nodes each run lost (docs/model.md "Faults"): when, when the master noticed, and what it
 * made run again, so a reader sees why a run with failures took longer. Nothing when no run lost one.
 */
export function nodeLossSection(r: ResultReport): string {
  if (!r.nodeLosses.length) return '';
  const rows = r.nodeLosses.flatMap((run) => run.losses.map((loss) => ({ run, loss })));
  const shown = rows.slice(0, SHOWN_ROWS);
  const head = `<tr><th>Run</th><th class="num">Seed</th>${NODE_LOSS_COLUMNS.map((c) => `<th${c.numeric ? ' class="num"' : ''}>${esc(c.label)}</th>`).join('')}</tr>`;
  const body = shown
    .map(
      ({ run, loss }) =>
        `<tr><td class="name">${esc(run.scheduler)}</td><td class="num">${run.seed}</td>${NODE_LOSS_COLUMNS.map((c) => `<td${c.numeric ? ' class="num"' : ''}>${esc(c.text(loss))}</td>`).join('')}</tr>`,
    )
    .join('');
  const counted = nodeLossCountWords(
    r.nodeLosses.map((x) => x.losses),
    r.nodeLosses.length,
  );
  const cut =
    rows.length > shown.length
      ? ` The first ${SHOWN_ROWS} are below; node-losses.csv and the result file list all ${rows.length.toLocaleString('en-US')}.`
      : '';
  return `<h2>Nodes lost</h2>
<p class="muted">${esc(counted)}. A node's attempts stop when it dies; the master notices only after the node timeout, then kills them, runs again the finished maps whose output was on it and is still needed, and restarts the application masters it held.${cut}</p>
${r.nodeLosses.filter((x) => x.losses.length).length > 1 ? meansTable(r) : ''}<table><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/** Each scheduler's mean cost over its seeds (a run that lost nothing counts as zero): the comparison at a glance. */
function meansTable(r: ResultReport): string {
  const head = `<tr><th>Mean per run</th>${NODE_LOSS_MEAN_COLUMNS.map((c) => `<th class="num">${esc(c.label)}</th>`).join('')}</tr>`;
  const rows = r.schedulers.map((s) => {
    const m = nodeLossMeans(r.nodeLosses.filter((x) => x.scheduler === s).map((x) => x.losses));
    return `<tr><td class="name">${esc(s)}</td>${NODE_LOSS_MEAN_COLUMNS.map((c) => `<td class="num">${esc(c.text(m))}</td>`).join('')}</tr>`;
  });
  return `<table class="node-loss-means"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>\n`;
}
