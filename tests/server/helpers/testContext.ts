import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PortalConfig } from '../../../src/server/context';
import { loadConfig } from '../../../src/server/config';
import { testStorageEnv } from './testStorage';

/** A config for in-process tests: silent logs, a fresh temporary DATA_DIR, the real client dir. */
export function testConfig(overrides: Partial<PortalConfig> = {}): PortalConfig & { cleanup(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...testStorageEnv(dataDir) }), ...overrides };
  return { ...config, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
