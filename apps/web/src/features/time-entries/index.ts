export { TopBarTimer } from './components/top-bar-timer';
