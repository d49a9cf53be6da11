import { ownFigureText } from '@shared/results/ownFigures';
import { escapeHtml as esc } from './htmlText';
import type { ResultReport } from './resultReport';

/**
 * What scheduler files' policies counted over their runs, by their own names (their `report`,
 * docs/plugins.md "What it counted"), each run name's mean over its seeds. Nothing when no run has
 * such figures (the built-ins report none).
 */
export function ownFiguresSection(r: ResultReport): string {
  if (!r.ownFigures.length) return '';
  const body = r.ownFigures
    .flatMap((s) =>
      s.means.map(
        (m, i) =>
          `<tr><td class="name">${i === 0 ? esc(s.scheduler) : ''}</td><td>${esc(m.name)}</td><td class="num">${esc(ownFigureText(m.mean))}</td><td class="num">${m.runs}</td></tr>`,
      ),
    )
    .join('');
  return `<h2>What the schedulers counted</h2>
<p class="muted">In their own words: each scheduler file's report of its runs, the mean over the seeds that ran.</p>
<table><thead><tr><th>Run</th><th>Figure</th><th class="num">Mean per run</th><th class="num">Runs</th></tr></thead><tbody>${body}</tbody></table>`;
}
