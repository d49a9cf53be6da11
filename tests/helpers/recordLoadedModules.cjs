// Preloaded into a CLI process (`node -r`): on exit, writes the files of every CommonJS module it
// loaded to the file LOADED_MODULES_OUT names, so a test can say what a command pulled in.
const fs = require('node:fs');

process.on('exit', () => {
  fs.writeFileSync(process.env.LOADED_MODULES_OUT, JSON.stringify(Object.keys(require.cache)));
});
