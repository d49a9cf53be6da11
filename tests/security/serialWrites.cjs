// Loaded with `node -r` into electronegativity's process (tests/security/electronegativity.test.ts).
// The scanner writes its CSV header and its rows with two fs.writeFile calls it does not wait for
// (dist/util/file.js: the header with 'w', the rows with 'a'); on a busy machine the header can land
// over the first rows. Here each fs.writeFile is done at once, in the order it is called, so the
// report is always the header followed by every row.
const fs = require('node:fs');

fs.writeFile = function writeFileInOrder(file, data, options, callback) {
  const done = typeof options === 'function' ? options : callback;
  try {
    fs.writeFileSync(file, data, typeof options === 'function' ? undefined : options);
  } catch (err) {
    if (done) return void process.nextTick(done, err);
    throw err;
  }
  if (done) process.nextTick(done, null);
};
