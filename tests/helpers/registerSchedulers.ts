// Every process of the studio registers its schedulers when it starts (src-main/schedulers/registry.ts,
// imported first by each entry); so does every test file, whatever it imports.
import '../../src-main/schedulers/registry';
