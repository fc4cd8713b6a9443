/** The metadata engine: load, lint, compile and evaluate schemas/ and rules/ (no React, server or Node imports). */
export { createEngine } from './evaluate/createEngine';
export type { Engine, EngineOptions } from './evaluate/Engine';
export { RuleCompileError } from './evaluate/compileRules';
export { listHiddenDrops } from './evaluate/listHiddenDrops';
export type { HiddenDrop } from './evaluate/listHiddenDrops';
export { lintMetadata } from './lint/lintMetadata';
export { describeLogic } from './explain/describeLogic';
export type { Explanation, ExplainedRule, TraceNode } from './explain/Explanation';
export { buildModel } from './model/buildModel';
export { areaFiles } from './model/areaFiles';
export type { MetadataModel } from './model/MetadataModel';
export { compileLogic, LogicCompileError } from './logic/compileLogic';
export { OpRegistry } from './logic/OpRegistry';
export type { CustomOp } from './logic/OpRegistry';
export type { EvalContext, CompiledLogic } from './logic/EvalContext';
export { defaultOps } from './ops/defaultOps';
export { truthy } from './logic/truthy';
export type * from './types';
