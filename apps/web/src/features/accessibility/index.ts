export { AccessibilityProvider, useAccessibility } from './accessibility-context';
export { AccessibilityPanel } from './accessibility-panel';
export { AccessibilityTools } from './accessibility-tools';
