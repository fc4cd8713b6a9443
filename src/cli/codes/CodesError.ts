/** Input that cannot be used (missing file, bad rows): exit 2, nothing written. */
export class CodesInputError extends Error {}
/** An import the metadata could not take (a rule reads a dropped code, lint fails): exit 1, nothing written. */
export class CodesRefused extends Error {}
