import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const STORED_NAME = /^[0-9a-f]{32}$/;

export type FileStore = {
  save: (organizationId: number, content: Buffer) => Promise<string>;
  read: (organizationId: number, name: string) => Promise<Buffer>;
  remove: (organizationId: number, name: string) => Promise<void>;
};

/**
 * Uploaded files under DATA_DIR/uploads/<organization>/<random name>: outside anything a
 * web server serves, named by the server (never by the browser), one folder per firm.
 */
export function createFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads');
  const pathOf = (organizationId: number, name: string) => {
    if (!STORED_NAME.test(name) || !Number.isInteger(organizationId)) throw new Error('Invalid stored file name');
    return path.join(root, String(organizationId), name);
  };
  return {
    async save(organizationId, content) {
      const name = randomBytes(16).toString('hex');
      const target = pathOf(organizationId, name);
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.part`;
      await writeFile(partial, content, { mode: 0o600 });
      await rename(partial, target);
      return name;
    },
    read: (organizationId, name) => readFile(pathOf(organizationId, name)),
    remove: (organizationId, name) => rm(pathOf(organizationId, name), { force: true }),
  };
}
