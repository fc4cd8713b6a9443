import { OpRegistry } from '../logic/OpRegistry';
import { registerChainOps } from './chainOps';
import { registerChangeOps } from './changeOps';
import { registerDateOps } from './dateOps';
import { registerListOps } from './listOps';
import { registerTextOps } from './textOps';

/** A fresh registry holding every custom operation of docs/metadata.md. */
export function defaultOps(): OpRegistry {
  const ops = new OpRegistry();
  registerChainOps(ops);
  registerListOps(ops);
  registerChangeOps(ops);
  registerDateOps(ops);
  registerTextOps(ops);
  return ops;
}
