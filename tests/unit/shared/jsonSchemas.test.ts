import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_SCHEMAS } from '@shared/files/jsonSchemas';

const docs = path.resolve(__dirname, '../../../docs');

describe('published JSON Schemas', () => {
  for (const [name, make] of Object.entries(PUBLISHED_SCHEMAS)) {
    it(`docs/${name} is the one generated from the code (run \`npm run schemas\` after a change)`, () => {
      const published = JSON.parse(fs.readFileSync(path.join(docs, name), 'utf8'));
      expect(published).toEqual(make());
    });
  }
});
