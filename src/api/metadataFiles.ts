/** GET /api/metadata: the served schemas/ and rules/ files (path -> parsed JSON) and their version. */
export interface MetadataFiles {
  version: string;
  files: Record<string, unknown>;
}
