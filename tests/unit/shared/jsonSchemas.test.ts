import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterFileJsonSchema } from '@shared/jsonSchemas';

const docs = path.resolve(__dirname, '../../../docs');

describe('published JSON Schemas', () => {
  it('docs/cluster-file.schema.json is the one generated from the code (run `npm run schemas` after a change)', () => {
    const published = JSON.parse(fs.readFileSync(path.join(docs, 'cluster-file.schema.json'), 'utf8'));
    expect(published).toEqual(clusterFileJsonSchema());
  });
});
