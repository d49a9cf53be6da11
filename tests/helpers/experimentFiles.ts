import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';

const ROOT = path.resolve(__dirname, '../..');

/** An experiment file on the example small cluster (copied beside it) in `dir`: its path. */
export function smallClusterExperiment(dir: string, name: string, body: Record<string, unknown>): string {
  fs.copyFileSync(path.join(ROOT, 'docs/examples/small.cluster.json'), path.join(dir, 'small.cluster.json'));
  const file = path.join(dir, `${name}.experiment.json`);
  fs.writeFileSync(file, JSON.stringify({ name, cluster: { file: 'small.cluster.json' }, ...body }));
  return file;
}

/** A validator of one of the published schemas in docs/ (result.schema.json, …). */
export function docSchemaValidator(name: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv.compile(JSON.parse(fs.readFileSync(path.join(ROOT, 'docs', name), 'utf8')));
}
