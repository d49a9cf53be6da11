import { randomUUID } from 'node:crypto';
import type { Database } from 'sql.js';
import type { MeasuredProfile, StoredProfile, TemplateInfo } from '@shared/workload/templates';
import type { TemplateTotals } from '@shared/experiment/experiment';
import type { AriaProfile, NamedAriaProfile } from '@shared/aria/profile';
import { ariaProfileOf, mbPerReduce, mergeAriaTotals, typicalShuffleObserved, type AriaTotals } from '@shared/aria/totals';
import { jobProfiles, mergeTotals } from '@shared/workload/jobProfiles';
import type { Store } from './database';
import { selectAll, selectOne } from './rows';

interface ProfileRow {
  template: string;
  profile_json: string;
  updated_at: string;
}

/** Rows of job_profiles by name: what people entered, and what runs measured (summed counters). */
const EDITED = 'default';
const MEASURED = 'measured';
/** Named ARIA profiles share the table, one row per (template, "aria:" + name). */
const ARIA_PREFIX = 'aria:';

/** A measured row: summed counters of `runs` runs, and ARIA's totals when the runs reported them. */
interface MeasuredRow {
  runs: number;
  totals: TemplateTotals;
  aria?: AriaTotals;
}

function upsert(db: Database, template: string, name: string, source: string, json: string, at: string) {
  db.run(
    `INSERT INTO job_profiles (id, template, name, source, profile_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (template, name) DO UPDATE SET profile_json = excluded.profile_json, source = excluded.source, updated_at = excluded.updated_at`,
    [randomUUID(), template, name, source, json, at, at],
  );
}

/**
 * The profile store (PRISM Fig. 8 profiles, Liu's CPU requirements), one per template: the counters
 * every saved run reported, summed so each later run refines the profile; and the profile a person
 * entered or edited, which wins over the measured one where both exist.
 */
export function profilesRepo(store: Store) {
  const now = () => store.now().toISOString();
  return {
    list(): StoredProfile[] {
      return store.read((db) =>
        selectAll<ProfileRow>(db, 'SELECT template, profile_json, updated_at FROM job_profiles WHERE name = ? ORDER BY template', [EDITED]).map((r) => ({
          template: r.template,
          phases: JSON.parse(r.profile_json) as TemplateInfo['phases'],
          source: 'user' as const,
          updatedAt: r.updated_at,
        })),
      );
    },

    save(template: string, phases: TemplateInfo['phases']): Promise<StoredProfile> {
      return store.write((db) => {
        const at = now();
        upsert(db, template, EDITED, 'user', JSON.stringify(phases), at);
        return { template, phases, source: 'user' as const, updatedAt: at };
      });
    },

    remove(template: string): Promise<{ template: string; removed: boolean }> {
      return store.write((db) => {
        db.run('DELETE FROM job_profiles WHERE template = ? AND name = ?', [template, EDITED]);
        return { template, removed: db.getRowsModified() > 0 };
      });
    },

    /** Add one finished run's reported counters to the measured profiles of its templates. */
    addRun(totals: Record<string, TemplateTotals>, aria: Record<string, AriaTotals> = {}): Promise<void> {
      return store.write((db) => {
        const at = now();
        for (const [template, t] of Object.entries(totals)) {
          const row = selectOne<ProfileRow>(db, 'SELECT template, profile_json, updated_at FROM job_profiles WHERE template = ? AND name = ?', [
            template,
            MEASURED,
          ]);
          const before = row ? (JSON.parse(row.profile_json) as MeasuredRow) : undefined;
          const merged = before ? mergeTotals([{ [template]: before.totals }, { [template]: t }])[template] : t;
          const runAria = Object.hasOwn(aria, template) ? aria[template] : undefined;
          const mergedAria = before?.aria && runAria ? mergeAriaTotals(before.aria, runAria) : (runAria ?? before?.aria);
          upsert(
            db,
            template,
            MEASURED,
            'runs',
            JSON.stringify({ runs: (before?.runs ?? 0) + 1, totals: merged, ...(mergedAria ? { aria: mergedAria } : {}) }),
            at,
          );
        }
      });
    },

    /** ARIA profiles the user named and saved, by template then name. */
    ariaList(): NamedAriaProfile[] {
      return store.read((db) =>
        selectAll<ProfileRow & { name: string }>(
          db,
          'SELECT template, name, profile_json, updated_at FROM job_profiles WHERE name LIKE ? ORDER BY template, name',
          [`${ARIA_PREFIX}%`],
        ).map((r) => ({
          template: r.template,
          name: r.name.slice(ARIA_PREFIX.length),
          profile: JSON.parse(r.profile_json) as AriaProfile,
          updatedAt: r.updated_at,
        })),
      );
    },

    /** Save a named profile; an existing one of that name is replaced only when asked (else `taken`). */
    ariaSave(template: string, name: string, profile: AriaProfile, replace = false): Promise<NamedAriaProfile | 'taken'> {
      return store.write((db) => {
        if (!replace && selectOne(db, 'SELECT 1 AS one FROM job_profiles WHERE template = ? AND name = ?', [template, ARIA_PREFIX + name]))
          return 'taken' as const;
        const at = now();
        upsert(db, template, ARIA_PREFIX + name, 'user', JSON.stringify(profile), at);
        return { template, name, profile, updatedAt: at };
      });
    },

    ariaRemove(template: string, name: string): Promise<{ removed: boolean }> {
      return store.write((db) => {
        db.run('DELETE FROM job_profiles WHERE template = ? AND name = ?', [template, ARIA_PREFIX + name]);
        return { removed: db.getRowsModified() > 0 };
      });
    },

    measured(): MeasuredProfile[] {
      return store.read((db) =>
        selectAll<ProfileRow>(db, 'SELECT template, profile_json, updated_at FROM job_profiles WHERE name = ? ORDER BY template', [MEASURED]).map((r) => {
          const { runs, totals, aria } = JSON.parse(r.profile_json) as MeasuredRow;
          const p = jobProfiles({ [r.template]: totals })[0];
          const phases = Object.fromEntries(
            Object.entries(p.phases).map(([k, v]) => [
              k,
              v
                ? {
                    durationS: v.durationS,
                    cpuCores: v.cpuCores,
                    memoryMb: v.memoryMb,
                    localDiskMBps: v.localDiskMBps,
                    hdfsMBps: v.hdfsMBps,
                    shuffleMBps: v.shuffleMBps,
                  }
                : null,
            ]),
          ) as TemplateInfo['phases'];
          return {
            template: r.template,
            runs,
            phases,
            cpuRequirement: p.cpuRequirement,
            ...(aria ? { aria: { profile: ariaProfileOf(aria), mbPerReduce: mbPerReduce(aria), typicalShuffleObserved: typicalShuffleObserved(aria) } } : {}),
            updatedAt: r.updated_at,
          };
        }),
      );
    },
  };
}

export type ProfilesRepo = ReturnType<typeof profilesRepo>;
