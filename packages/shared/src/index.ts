export * from './permissions';
export * from './money';
export * from './sum';
export * from './dates';
export * from './error-message';
export * from './constants';
export * from './subdomain';
export * from './schemas/login';
