/** One reader of PDF text for the server tests and the browser tests (it decodes embedded Unicode fonts). */
export { pdfText } from '../../apps/server/test/pdf-text';
