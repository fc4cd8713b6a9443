import { uploadTypesOf, UPLOAD_TYPE_TABLE, type UploadTypes } from '../../engine/policy/uploadTypes';
import type { Engine } from '../../engine';

/** The upload size limit and its message, as the `upload.max_size` rule states them (001 §5, §9: 1e8 bytes). */
export interface UploadLimit {
  maxBytes: number;
  message: string;
}

const maxSizeRule = 'upload.max_size';

/** Reads the limit from the rule, so the server's streaming cut-off and the editor's check agree. */
export function uploadLimit(engine: Engine): UploadLimit {
  const rule = engine.rules.find((r) => r.id === maxSizeRule);
  const le = (rule?.valid as { '<='?: unknown[] } | undefined)?.['<='];
  const max = Array.isArray(le) && typeof le[1] === 'number' ? le[1] : undefined;
  if (max === undefined || !rule?.message) throw new Error(`rules: ${maxSizeRule} must be {"<=": [{"var": "upload.file_size"}, <bytes>]} with a message`);
  return { maxBytes: max, message: rule.message };
}

/** The upload types of the served metadata. */
export function uploadTypes(engine: Engine): UploadTypes {
  const table = engine.model.codeTables.get(UPLOAD_TYPE_TABLE);
  return uploadTypesOf(table?.entries, table?.annotations);
}
