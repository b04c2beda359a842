/** SPEC 8: what the browser's passkey errors say to the user. */
export const BROWSER_MESSAGES = {
  cancelled: 'Passkey authentication was cancelled. Please try again.',
  timedOut: 'Authentication timed out. Please try again.',
  noPasskeys: 'No passkeys found. Please register first.',
  sensor:
    'Could not access passkey authentication (Touch ID, Face ID, or Windows Hello). Please try again or use password.',
  insecure: 'Passkey authentication requires HTTPS in production or HTTP on localhost/{ip} in development.',
  unknown: 'An unknown error occurred',
  otherPrefix: 'Authentication error: ',
} as const;

/** SPEC 8: passkey API fallbacks, used when the server gave no message of its own. */
export const API_FALLBACKS = {
  authenticationOptions: 'Failed to get authentication options',
  authentication: 'Authentication failed',
  authenticationAnswer: 'Biometric authentication failed',
  authenticationUnexpected: 'An unexpected error occurred during biometric authentication',
  registrationOptions: 'Failed to get registration options',
  registration: 'Registration failed',
  registrationAnswer: 'Biometric registration failed',
  credentials: 'Failed to get credentials',
  credentialsNetwork: 'Failed to fetch credentials',
  revoke: 'Failed to revoke credential',
  update: 'Failed to update credential',
} as const;
