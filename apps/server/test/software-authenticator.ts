import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCbor } from './cbor';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type CeremonyOverrides = {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
  /** False leaves the user-present flag out (a ceremony nobody touched the authenticator for). */
  userPresent?: boolean;
  /** The signature counter to report; by default one more than the last. */
  counter?: number;
  /** Sign a different challenge than the options' one. */
  challenge?: string;
};

export type RegistrationJSON = {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: 'platform';
  response: { attestationObject: string; clientDataJSON: string; transports: string[] };
};

export type AuthenticationJSON = {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: 'platform';
  response: { authenticatorData: string; clientDataJSON: string; signature: string; userHandle?: string };
};

/**
 * A WebAuthn platform authenticator in software for the server tests: one ES256 key from
 * node:crypto, authenticator data as the spec lays it out, 'none' attestation in CBOR. It
 * behaves like the browser plus authenticator, so it also writes clientDataJSON.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | undefined;
  counter = 0;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return encodeCbor(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(overrides: CeremonyOverrides): number {
    const present = overrides.userPresent === false ? 0 : FLAG_USER_PRESENT;
    return present | (overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  /** navigator.credentials.create() on options from POST /api/webauthn/register/options. */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    overrides: CeremonyOverrides = {},
  ): RegistrationJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? 'localhost';
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authenticatorData(rpId, this.flags(overrides) | FLAG_ATTESTED_DATA, this.counter, attested);
    const attestationObject = encodeCbor(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        attestationObject: b64url(attestationObject),
        clientDataJSON: b64url(clientDataJSON),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() on options from POST /api/webauthn/authenticate/options. */
  authenticate(options: { challenge: string; rpId?: string }, overrides: CeremonyOverrides = {}): AuthenticationJSON {
    const rpId = overrides.rpId ?? options.rpId ?? 'localhost';
    const counter = overrides.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authData = this.authenticatorData(rpId, this.flags(overrides), counter);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin ?? this.origin,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        authenticatorData: b64url(authData),
        clientDataJSON: b64url(clientDataJSON),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
