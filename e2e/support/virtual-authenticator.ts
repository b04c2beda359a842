import type { CDPSession, Page } from '@playwright/test';

/**
 * A platform authenticator with user verification, simulated by Chromium through the Chrome
 * DevTools Protocol WebAuthn domain (as Epic Stack's passkey test does). It belongs to the
 * page's tab and survives its navigations.
 */
export class VirtualAuthenticator {
  private constructor(
    private readonly cdp: CDPSession,
    readonly id: string,
  ) {}

  static async attach(page: Page): Promise<VirtualAuthenticator> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return new VirtualAuthenticator(cdp, authenticatorId);
  }

  /** False makes the authenticator refuse verification, as a user who cancels the prompt does. */
  async setUserVerified(isUserVerified: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setUserVerified', { authenticatorId: this.id, isUserVerified });
  }

  async credentialCount(): Promise<number> {
    const { credentials } = await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.id });
    return credentials.length;
  }
}
