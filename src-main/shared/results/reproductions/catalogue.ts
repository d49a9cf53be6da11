import FULL_SIZE from './fullSize.json';
import { ariaClaim } from './aria';
import { fawkesClaim } from './fawkes';
import { ilaClaim } from './ila';
import { liuClaim } from './liu';
import type { FullSize, PaperClaim, Reproduction } from './measures';
import { prismClaim } from './prism';

/** What the stored full-size runs of a paper's presets gave (rendered by `npm run docs:reproductions`). */
const fullSizeOf = (id: string): FullSize => (FULL_SIZE as Record<string, FullSize>)[id] ?? { seeds: 'no stored runs', statements: [] };

const CLAIMS: PaperClaim[] = [prismClaim, liuClaim, ilaClaim, ariaClaim, fawkesClaim];

/** Every paper's claims, in the Reproduce area's order, each with its full-size results. */
export const REPRODUCTIONS: Reproduction[] = CLAIMS.map((c) => ({ ...c, fullSize: fullSizeOf(c.id) }));
