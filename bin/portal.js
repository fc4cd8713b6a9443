#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so there is no separate build step for the server.
import { register } from 'tsx/esm/api';
register();
await import('../src/cli/main.ts');
