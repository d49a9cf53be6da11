// `npm run schemas`: regenerate the JSON Schemas in docs/ from the zod schemas.
// The schedulers are registered before anything reads a design, as in every entry of the studio.
import '../src-main/schedulers/registry';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PUBLISHED_SCHEMAS } from '../src-main/shared/files/jsonSchemas';

const docs = path.resolve(__dirname, '../docs');
for (const [name, make] of Object.entries(PUBLISHED_SCHEMAS)) {
  fs.writeFileSync(path.join(docs, name), `${JSON.stringify(make(), null, 2)}\n`);
  console.log(`wrote docs/${name}`);
}
