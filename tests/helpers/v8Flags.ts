import { setFlagsFromString } from 'node:v8';

// A setup file of every suite (vitest.config.ts): the worker applies PORTAL_V8_FLAGS as `portal`
// does (bin/portal.js), before the files open their in-process PGlite databases.
if (process.env.PORTAL_V8_FLAGS) setFlagsFromString(process.env.PORTAL_V8_FLAGS);
