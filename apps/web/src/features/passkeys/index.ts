export { PasskeyPanel } from './components/passkey-panel';
