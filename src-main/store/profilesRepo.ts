import { randomUUID } from 'node:crypto';
import type { StoredProfile, TemplateInfo } from '@shared/templates';
import type { Store } from './database';
import { selectAll } from './rows';

interface ProfileRow {
  template: string;
  profile_json: string;
  updated_at: string;
}

/** The one profile per template people enter or edit; kept under the name "default". */
const NAME = 'default';

/** Phase-level job profiles entered or edited by people (PRISM Fig. 8), one per template. */
export function profilesRepo(store: Store) {
  const now = () => store.now().toISOString();
  return {
    list(): StoredProfile[] {
      return store.read((db) =>
        selectAll<ProfileRow>(db, 'SELECT template, profile_json, updated_at FROM job_profiles WHERE name = ? ORDER BY template', [NAME]).map((r) => ({
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
        db.run(
          `INSERT INTO job_profiles (id, template, name, source, profile_json, created_at, updated_at) VALUES (?, ?, ?, 'user', ?, ?, ?)
           ON CONFLICT (template, name) DO UPDATE SET profile_json = excluded.profile_json, source = 'user', updated_at = excluded.updated_at`,
          [randomUUID(), template, NAME, JSON.stringify(phases), at, at],
        );
        return { template, phases, source: 'user' as const, updatedAt: at };
      });
    },

    remove(template: string): Promise<{ template: string; removed: boolean }> {
      return store.write((db) => {
        db.run('DELETE FROM job_profiles WHERE template = ? AND name = ?', [template, NAME]);
        return { template, removed: db.getRowsModified() > 0 };
      });
    },
  };
}
