// `npm run schemas`: regenerate the JSON Schemas in docs/ from the zod schemas.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { clusterFileJsonSchema } from '../src-main/shared/jsonSchemas';

const docs = path.resolve(__dirname, '../docs');
fs.writeFileSync(path.join(docs, 'cluster-file.schema.json'), `${JSON.stringify(clusterFileJsonSchema(), null, 2)}\n`);
console.log('wrote docs/cluster-file.schema.json');
