import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { Profiler } from 'react';
import { stockSchema } from 'virtual:editor-bench-data';
import { onRender } from './measure';

/** Stock @rjsf/core, default theme, ajv8 validator, live validation: the comparison point of issue 5 §9. */
export function StockApp() {
  return (
    <Profiler id="stock" onRender={onRender}>
      <Form schema={stockSchema as RJSFSchema} validator={validator} liveValidate="onChange" />
    </Profiler>
  );
}
