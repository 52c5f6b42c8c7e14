import { expect, it } from 'vitest';
import { nullableOnTypes } from './app.ts';

it('moves nullable from a union onto each alternative (OpenAPI 3.0 needs a type beside nullable)', () => {
  const doc = {
    paths: {
      '/x': {
        post: {
          schema: {
            anyOf: [{ type: 'string', enum: [''] }, { type: 'string', minLength: 12 }, { $ref: '#/components/schemas/A' }],
            nullable: true,
          },
        },
      },
    },
    keep: { type: 'string', nullable: true },
  };
  nullableOnTypes(doc);
  const schema = doc.paths['/x'].post.schema as Record<string, unknown>;
  expect(schema.nullable).toBeUndefined();
  expect(schema.anyOf).toEqual([
    { type: 'string', enum: [''], nullable: true },
    { type: 'string', minLength: 12, nullable: true },
    { $ref: '#/components/schemas/A' },
  ]);
  expect(doc.keep).toEqual({ type: 'string', nullable: true });
});
