import type { TestProject } from 'vitest/node';
import { TEMPLATE_ENV, buildTemplate } from './database-template';

export default async function setup(project: TestProject) {
  const template = await buildTemplate(project.config.env?.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite');
  project.provide(TEMPLATE_ENV, template.location);
  return template.dispose;
}

declare module 'vitest' {
  export interface ProvidedContext {
    PRACTICE_TEST_TEMPLATE: string;
  }
}
