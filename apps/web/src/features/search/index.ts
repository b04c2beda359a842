export { SearchPalette } from './search-palette';
