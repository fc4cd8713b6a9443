import Ajv, { type AnySchema, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** What a validator is compiled from: Ajv's options, the schemas it refers to by id, and the root. */
export interface SchemaCompileRequest {
  options: Options;
  /** Added before the root is compiled, each under its id (a `$ref` target). */
  refs?: Array<{ id?: string; schema: AnySchema }>;
  root: AnySchema;
  /** ajv-formats' full set (date, email, uri, ...). */
  formats?: boolean;
}

/** Turns a request into a validator. The default compiles; a process may keep compiled code (setSchemaCompiler). */
export type SchemaCompiler = (request: SchemaCompileRequest) => ValidateFunction;

/** An Ajv instance holding a request's formats and refs: what the root compiles against. */
export function ajvFor(request: SchemaCompileRequest, extra: Options = {}): Ajv {
  const ajv = new Ajv({ ...request.options, ...extra, code: { ...request.options.code, ...extra.code } });
  if (request.formats) (addFormats as unknown as (a: Ajv) => void)(ajv);
  for (const r of request.refs ?? []) if (!r.id || !ajv.getSchema(r.id)) ajv.addSchema(r.schema, r.id);
  return ajv;
}

const compileNow: SchemaCompiler = (request) => ajvFor(request).compile(request.root);
let compiler: SchemaCompiler = compileNow;

/**
 * Compiles a validator through the process's compiler. Ajv generates and evaluates code for each
 * schema (~1-2 s of CPU for the metadata's meta-schemas and the product's document shape at every
 * server start); the server keeps that code on disk by the request's hash (src/server/schemaCodeCache.ts).
 */
export function compileSchema(request: SchemaCompileRequest): ValidateFunction {
  return compiler(request);
}

/** Whether the process compiles through another compiler than Ajv's (the server's disk cache). */
export function keepsSchemaCode(): boolean {
  return compiler !== compileNow;
}

/** Sets the process's compiler (the server's disk cache); `undefined` restores Ajv's compile. Returns the one it replaced. */
export function setSchemaCompiler(next: SchemaCompiler | undefined): SchemaCompiler {
  const previous = compiler;
  compiler = next ?? compileNow;
  return previous;
}
