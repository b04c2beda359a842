/** Files (relative to the dist directory) that a first visit to /login loads. */
export function loginChunkFiles(distDir: string): string[];
