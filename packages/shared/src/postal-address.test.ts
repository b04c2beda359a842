import { describe, expect, it } from 'vitest';
import { cityLineOf } from './postal-address';

describe('the city line of an address', () => {
  it('puts a comma between the city and the state', () => {
    expect(cityLineOf('Springfield', 'IL', '62701')).toBe('Springfield, IL 62701');
  });

  it('leaves out what is missing without stray commas', () => {
    expect(cityLineOf('Springfield', null, null)).toBe('Springfield');
    expect(cityLineOf(null, 'IL', '62701')).toBe('IL 62701');
    expect(cityLineOf('Springfield', '', '62701')).toBe('Springfield, 62701');
    expect(cityLineOf(null, null, null)).toBe('');
  });
});
