export * from './organizations';
export * from './roles';
export * from './users';
export * from './refresh-tokens';
export * from './audit-log';
export * from './sign-in-failures';
