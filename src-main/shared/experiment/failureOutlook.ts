/**
 * What random node failures (docs/model.md "Faults") will do to a cluster, before anything runs:
 * failures are exponential with mean `mtbfS` per node, a dead node is noticed `nodeTimeoutS` later,
 * and a replacement, if any, joins `replenishAfterS` after that. A node then alternates between up
 * (mean `mtbfS`) and down (timeout + replacement), so the share of node time lost is
 * down / (up + down); without replacements a node survives t seconds with probability e^(−t/mtbfS),
 * so half the nodes are gone after mtbfS · ln 2.
 */
export function failureOutlook(s: { mtbfS?: number; nodeTimeoutS: number; replenishAfterS?: number }): string | null {
  const mtbf = s.mtbfS;
  if (mtbf === undefined || !Number.isFinite(mtbf) || mtbf <= 0) return null;
  const lasts = `Each node runs about ${span(mtbf)} between random failures on average`;
  if (s.replenishAfterS === undefined) {
    return `${lasts}, and a lost node is not replaced: half the nodes are gone after about ${span(mtbf * Math.LN2)}, nine in ten after ${span(mtbf * Math.LN10)}.`;
  }
  const down = s.nodeTimeoutS + s.replenishAfterS;
  const share = Math.round((100 * down) / (mtbf + down));
  return `${lasts}, then is down for ${span(down)} (${span(s.nodeTimeoutS)} until the master notices, ${span(s.replenishAfterS)} until its replacement joins): about ${share} % of node time is lost.`;
}

/** A span as people say it: 45 s, 12 min, 2.5 h, 3.2 days. */
function span(seconds: number): string {
  const one = (x: number) => Number(x.toFixed(x < 10 ? 1 : 0)).toLocaleString('en-US');
  if (seconds < 120) return `${one(seconds)} s`;
  if (seconds < 2 * 3600) return `${one(seconds / 60)} min`;
  if (seconds < 2 * 86_400) return `${one(seconds / 3600)} h`;
  return `${one(seconds / 86_400)} days`;
}

/**
 * A batch's node failures in a few words, for its line in the run history: "node failures: r1-h2 at
 * 20 s", "node failures: 3 at set times", "node failures: random, MTBF 15 min", or both; null when
 * it had none.
 */
export function failureSummary(s: { failures?: readonly { node: string; atS: number }[]; mtbfS?: number } | null | undefined): string | null {
  const named = s?.failures ?? [];
  const parts = [
    named.length === 1 ? `${named[0].node} at ${span(named[0].atS)}` : named.length ? `${named.length} at set times` : '',
    s?.mtbfS ? `random, MTBF ${span(s.mtbfS)}` : '',
  ].filter(Boolean);
  return parts.length ? `node failures: ${parts.join('; ')}` : null;
}
