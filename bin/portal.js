#!/usr/bin/env node
// Runs the TypeScript CLI without a separate build step: from a cached esbuild bundle of src/
// (bin/cliBundle.js), or through tsx when none can be made.
// PORTAL_V8_FLAGS (README): V8 flags set before anything compiles; the test suites' short-lived
// servers run PGlite's WebAssembly on Liftoff alone (`--liftoff-only`), as TurboFan's compile of
// PostgreSQL's hot functions costs more CPU than a test's queries win back.
import { setFlagsFromString } from 'node:v8';
if (process.env.PORTAL_V8_FLAGS) setFlagsFromString(process.env.PORTAL_V8_FLAGS);
const { runCli } = await import('./cliBundle.js');
await runCli();
