#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

// The benches drive the browser tests' Chromium (and the load bench Debian's haproxy): installed the same way, by npm test's script.
execFileSync('bash', [new URL('../scripts/ensure-system-packages.sh', import.meta.url).pathname], { stdio: ['ignore', 'ignore', 'inherit'] });
register();
await import('../bench/run.ts');
