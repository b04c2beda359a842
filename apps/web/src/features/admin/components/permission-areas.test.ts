import { describe, expect, it } from 'vitest';
import { PERMISSION_FLAGS } from '@practice/shared';
import { PERMISSION_AREAS } from './permission-areas';

describe('the roles editor’s permission areas', () => {
  it('list all and every SPEC 3 flag exactly once, each with its own label', () => {
    const rows = PERMISSION_AREAS.flatMap((area) => area.flags);
    expect(rows.map((row) => row.flag).sort()).toEqual(['all', ...PERMISSION_FLAGS].sort());
    expect(new Set(rows.map((row) => row.label)).size).toBe(rows.length);
  });
});
