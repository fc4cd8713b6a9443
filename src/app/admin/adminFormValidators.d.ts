// Generated at build time from schemas/admin by codegen/adminFormValidatorsPlugin.ts: one map of
// precompiled validator functions per Admin Portal form (adminFormSchemas.ts names them).
declare module 'virtual:admin-form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  const validators: Record<string, ValidatorFunctions>;
  export default validators;
}
