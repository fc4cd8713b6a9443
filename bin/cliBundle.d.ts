/** The bundle of `entry` in `cacheDir` (cached while its sources are unchanged), or undefined when none can be made. */
export function cliBundle(entry?: string, cacheDir?: string): Promise<string | undefined>;
/** Runs the `portal` command: from the bundle, or through tsx when none can be made. */
export function runCli(): Promise<void>;
