/** SPEC 9 colours derived from an organization's primary colour, as the CSS variables of global.css. */
export type BrandingColors = { primaryColor?: unknown; secondaryColor?: unknown };

type Rgb = [number, number, number];

/** Only 6-digit hex strings, with or without #, are used for derived shades (SPEC 5). */
export function parseHexColor(value: unknown): Rgb | null {
  if (typeof value !== 'string') return null;
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value.trim());
  if (!match) return null;
  return [parseInt(match[1] ?? '', 16), parseInt(match[2] ?? '', 16), parseInt(match[3] ?? '', 16)];
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** The brand variables for a branding, or null when the primary colour is unusable. */
export function brandingVariables(branding: BrandingColors): Record<string, string> | null {
  const primary = parseHexColor(branding.primaryColor);
  if (!primary) return null;
  const hover = primary.map((channel) => Math.max(0, channel - 20)) as Rgb;
  const variables: Record<string, string> = {
    '--brand-primary': toHex(primary),
    '--brand-primary-hover': toHex(hover),
    '--brand-primary-light': `rgba(${primary.join(', ')}, 0.1)`,
    '--brand-primary-rgb': primary.join(', '),
  };
  const secondary = parseHexColor(branding.secondaryColor);
  if (secondary) variables['--brand-secondary'] = toHex(secondary);
  return variables;
}

const BRAND_VARIABLES = [
  '--brand-primary',
  '--brand-primary-hover',
  '--brand-primary-light',
  '--brand-primary-rgb',
  '--brand-secondary',
];

/**
 * Sets the organization's colours on the root element (through CSSOM, which the
 * Content-Security-Policy allows), or restores the defaults of global.css with null.
 */
export function applyBranding(branding: BrandingColors | null, root: HTMLElement = document.documentElement): void {
  for (const name of BRAND_VARIABLES) root.style.removeProperty(name);
  const variables = branding ? brandingVariables(branding) : null;
  if (!variables) return;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
}
