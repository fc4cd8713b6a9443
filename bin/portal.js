#!/usr/bin/env node
// Runs the TypeScript CLI without a separate build step: from a cached esbuild bundle of src/
// (bin/cliBundle.js), or through tsx when none can be made.
import { runCli } from './cliBundle.js';
await runCli();
