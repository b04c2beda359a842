import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type TaxIdCipher = {
  encrypt: (organizationId: number, taxId: string) => string;
  decrypt: (organizationId: number, stored: string) => string;
};

const keys = new Map<string, Buffer>();

/** A sub-key of SECRET_KEY used for tax IDs only, so no other use of the secret can reveal them. */
function subKey(secretKey: string): Buffer {
  let key = keys.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretKey, 'practice-tax-id-salt', 'client tax id aes-256-gcm v1', 32));
    keys.set(secretKey, key);
  }
  return key;
}

/** The organization is bound in as associated data, so a ciphertext copied to another firm's row fails to open. */
function associatedData(organizationId: number): Buffer {
  return Buffer.from(`organization:${organizationId}`);
}

/** AES-256-GCM with a random 96-bit nonce; stored as `v1.<base64url(iv | tag | ciphertext)>`. */
export function createTaxIdCipher(secretKey: string): TaxIdCipher {
  const key = subKey(secretKey);
  return {
    encrypt(organizationId, taxId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(associatedData(organizationId));
      const ciphertext = Buffer.concat([cipher.update(taxId, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    },
    decrypt(organizationId, stored) {
      const [version, payload] = stored.split('.');
      if (version !== VERSION || !payload) throw new Error('Unknown tax ID ciphertext format');
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(associatedData(organizationId));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/** Digits only, as stored. */
export function normalizeTaxId(taxId: string): string {
  return taxId.replace(/\D/g, '');
}

/** Shown masked but for the last 4 (PRODUCT.md). */
export function maskTaxId(last4: string | null): string | null {
  return last4 === null ? null : `*****${last4}`;
}
