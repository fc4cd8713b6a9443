// The rule functions generated from the metadata when the client is built (codegen/ruleFunctionsPlugin.ts).
declare module 'virtual:rule-functions' {
  /** The /api/metadata version of the files they were generated from. */
  export const metadataVersion: string;
  /** By source key (the engine's PrecompiledFunctions). */
  export const functions: Readonly<Record<string, (...args: never[]) => unknown>>;
  /** Each engine's rules as buildModel composes them, by area (`product`, `forward`): the engine's `preparedRules`. */
  export const preparedRules: Readonly<Record<string, readonly import('../engine').LocatedRule[]>>;
}
