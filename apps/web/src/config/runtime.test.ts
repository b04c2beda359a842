import { describe, expect, it } from 'vitest';
import { resolveApiBase } from './runtime';

const page = (hostname: string, protocol = 'http:') => ({ hostname, protocol, port: '3000' });

describe('the API base (SPEC 7)', () => {
  it('uses the configured API_URL, without a trailing slash', () => {
    expect(resolveApiBase({ apiUrl: 'https://api.firm.example/' }, page('localhost'))).toBe('https://api.firm.example');
  });

  it('uses port 5050 of the same host for localhost and IP addresses', () => {
    expect(resolveApiBase({ apiUrl: null }, page('localhost'))).toBe('http://localhost:5050');
    expect(resolveApiBase(undefined, page('192.168.1.20'))).toBe('http://192.168.1.20:5050');
  });

  it('uses the port the server reports when PORT moved the API', () => {
    expect(resolveApiBase({ apiUrl: null, apiPort: 6060 }, page('localhost'))).toBe('http://localhost:6060');
  });

  it('uses the api host of the same domain for a firm subdomain', () => {
    expect(resolveApiBase({ apiUrl: null }, page('demo.practice.example', 'https:'))).toBe(
      'https://api.practice.example',
    );
    expect(resolveApiBase({ apiUrl: null }, page('practice.example', 'https:'))).toBe('https://api.practice.example');
  });
});
