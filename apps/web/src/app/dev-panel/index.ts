export { mountDevPanel } from './mount-dev-panel';
