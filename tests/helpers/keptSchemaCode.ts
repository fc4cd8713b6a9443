import { setSchemaCompiler } from '../../src/engine/schema/compileSchema';
import { schemaCodeCache } from '../../src/server/schemaCodeCache';

// A setup file of the server suites (vitest.config.ts): the apps their files build in process load
// validators from kept code as a `portal` process does (src/cli/main.ts), instead of compiling the
// routes' and the document shape's validators for every app (~1 CPU-s each).
setSchemaCompiler(schemaCodeCache());
