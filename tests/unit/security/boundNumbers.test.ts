import { describe, expect, it } from 'vitest';
import { boundNumbers, maxRequestNumber } from '../../../src/server/security/boundNumbers';

describe('boundNumbers (issue 26 §11)', () => {
  it('bounds every integer and number without a bound, at any depth, and leaves the given bounds', () => {
    const schema = {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1 },
        score: { type: ['number', 'null'] },
        ids: { type: 'array', items: { type: 'integer', exclusiveMaximum: 10 } },
        nested: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
    };
    expect(boundNumbers(schema)).toEqual({
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1, maximum: maxRequestNumber },
        score: { type: ['number', 'null'], minimum: -maxRequestNumber, maximum: maxRequestNumber },
        ids: { type: 'array', items: { type: 'integer', exclusiveMaximum: 10, minimum: -maxRequestNumber } },
        nested: { anyOf: [{ type: 'integer', minimum: -maxRequestNumber, maximum: maxRequestNumber }, { type: 'string' }] },
      },
    });
    // A copy: the route's own schema object is not changed.
    expect(schema.properties.page).toEqual({ type: 'integer', minimum: 1 });
  });

  it('does not read data keywords as schemas (a property called "type", enum values, defaults)', () => {
    const schema = { type: 'object', properties: { type: { enum: [{ type: 'integer' }] } }, default: { type: 'number' }, required: ['type'] };
    expect(boundNumbers(schema)).toEqual(schema);
  });
});
