import { describe, expect, it } from 'vitest';
import { applyBranding, brandingVariables, parseHexColor } from './branding';

describe('branding colours (SPEC 9)', () => {
  it('accepts only 6-digit hex, with or without #', () => {
    expect(parseHexColor('#007bff')).toEqual([0, 123, 255]);
    expect(parseHexColor('1A2b3C')).toEqual([26, 43, 60]);
    expect(parseHexColor('#07f')).toBeNull();
    expect(parseHexColor('blue')).toBeNull();
    expect(parseHexColor(null)).toBeNull();
  });

  it('derives the hover (each channel minus 20, not below 0), the light tint and the rgb triple', () => {
    expect(brandingVariables({ primaryColor: '#0a7b1e', secondaryColor: '#6c757d' })).toEqual({
      '--brand-primary': '#0a7b1e',
      '--brand-primary-hover': '#00670a',
      '--brand-primary-light': 'rgba(10, 123, 30, 0.1)',
      '--brand-primary-rgb': '10, 123, 30',
      '--brand-secondary': '#6c757d',
    });
    expect(brandingVariables({ primaryColor: 'not a colour' })).toBeNull();
  });

  it('sets the variables on the root element and removes them again for the defaults', () => {
    const root = document.createElement('div');
    applyBranding({ primaryColor: '#336699' }, root);
    expect(root.style.getPropertyValue('--brand-primary-hover')).toBe('#1f5285');
    applyBranding(null, root);
    expect(root.style.getPropertyValue('--brand-primary')).toBe('');
  });
});
