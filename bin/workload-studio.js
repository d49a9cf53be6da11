#!/usr/bin/env node
'use strict';
// The CLI runs the built bundle so it behaves exactly like the packaged app's services.
const path = require('node:path');
const fs = require('node:fs');
const entry = path.join(__dirname, '..', 'out', 'main', 'cli.js');
if (!fs.existsSync(entry)) {
  process.stderr.write('workload-studio: the app is not built yet; run `npm run build` first.\n');
  process.exit(1);
}
require(entry);
