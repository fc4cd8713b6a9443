import { uploadTypesOf, UPLOAD_TYPE_TABLE, type UploadTypes } from '../../engine/policy/uploadTypes';
import type { Engine } from '../../engine';

/** An upload size limit and its message, as an upload size rule states them (001 §5, §9: 1e8 bytes). */
export interface UploadLimit {
  maxBytes: number;
  message: string;
}

/** The rule every upload passes (001 §5 'File size exceeds 100MB limit'). */
const maxSizeRule = 'upload.max_size';

/**
 * The upload size rules: `validate` rules of the upload action on `upload` whose test is
 * `{"<=": [{"var": "upload.file_size"}, <bytes>]}` (rules/product/status-actions.json for every
 * upload, rules/product/upload.json per channel and kind). Their `when` says where each applies.
 */
export function uploadSizeRules(engine: Engine): Map<string, UploadLimit> {
  const out = new Map<string, UploadLimit>();
  for (const rule of engine.rules) {
    if (rule.kind !== 'validate' || rule.target !== 'upload' || !rule.message) continue;
    const le = (rule.valid as { '<='?: unknown[] } | undefined)?.['<='];
    if (!Array.isArray(le) || typeof le[1] !== 'number') continue;
    const v = le[0] as { var?: unknown } | undefined;
    if (v?.var !== 'upload.file_size') continue;
    out.set(rule.id, { maxBytes: le[1], message: rule.message });
  }
  return out;
}

/**
 * The size limit for this upload: the smallest of the size rules that apply to the document (its
 * channel, the sniffed `upload_type` and `upload_kind`), with that rule's message. Found by
 * running the rules on a size no limit allows, so a rule's `when` is the engine's to decide.
 * Without a document, the limit every upload has (the multipart parser's cut-off).
 */
export function uploadLimit(engine: Engine, doc?: Record<string, unknown>): UploadLimit {
  const rules = uploadSizeRules(engine);
  const always = rules.get(maxSizeRule);
  if (!always) throw new Error(`rules: ${maxSizeRule} must be {"<=": [{"var": "upload.file_size"}, <bytes>]} with a message`);
  if (!doc) return always;
  let limit = always;
  const failed = engine.evaluate({ ...doc, upload: { ...(doc.upload as object | undefined), file_size: Number.MAX_SAFE_INTEGER } }, { action: 'upload' }).errors;
  for (const e of failed) {
    const r = rules.get(e.rule);
    if (r && r.maxBytes < limit.maxBytes) limit = r;
  }
  return limit;
}

/** The upload types of the served metadata. */
export function uploadTypes(engine: Engine): UploadTypes {
  const table = engine.model.codeTables.get(UPLOAD_TYPE_TABLE);
  return uploadTypesOf(table?.entries, table?.annotations);
}
