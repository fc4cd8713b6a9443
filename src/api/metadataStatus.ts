/** A problem in a metadata file: `file` relative to the metadata folder, `path` a JSONPath in it. */
export interface MetadataProblem {
  file: string;
  path: string;
  message: string;
}

/** GET /api/metadata/status */
export interface MetadataStatusResponse {
  /** The metadata version the server runs (the hash GET /api/health reports). */
  version: string;
  /** `portal dev`: the server reloads the metadata when a file under schemas/ or rules/ is saved. */
  watching: boolean;
  /** While watching: why the files on disk were not loaded (the last good version keeps serving). */
  problems: MetadataProblem[];
  /**
   * Present (true) when no version without problems has loaded since the start: the server started
   * on these files and serves what it could read of them (a file that does not parse left out), not
   * a last good version.
   */
  startedOnThem?: true;
}
