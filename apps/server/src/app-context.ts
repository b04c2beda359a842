import type { Config } from './config';
import type { Database } from './db/client';
import type { TokenSigner } from './modules/auth/tokens';

/** What every module needs from the running app, handed to it explicitly. */
export type AppContext = {
  config: Config;
  database: Database;
  tokens: TokenSigner;
  /** Cookies carry Secure when the app is served over HTTPS. */
  secureCookies: boolean;
};
